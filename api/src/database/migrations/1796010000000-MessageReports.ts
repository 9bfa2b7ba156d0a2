import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 42: reported chat messages (the safeguarding leads' queue), and their notification kind (enums widened in
 * place).
 */
const OLD_KINDS = `'leave.filed', 'leave.cancelled', 'leave.decided', 'grievance.filed', 'grievance.received', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal', 'absence.answered'`;
const KINDS = `${OLD_KINDS}, 'message.reported'`;
const MAIL_ONLY = `'guardian.absence', 'password.reset', 'guardian.digest'`;

export class MessageReports1796010000000 implements MigrationInterface {
    name = 'MessageReports1796010000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`message_reports\` (\`id\` varchar(36) NOT NULL, \`messageId\` varchar(36) NOT NULL, \`conversationType\` enum ('group', 'individual') NOT NULL, \`conversationKey\` varchar(80) NOT NULL, \`label\` varchar(254) NOT NULL, \`reporterId\` varchar(36) NOT NULL, \`reporterName\` varchar(100) NOT NULL, \`reporterRole\` enum ('admin', 'mentor', 'mentee', 'guardian') NOT NULL, \`reason\` enum ('bullying', 'inappropriate', 'self_harm', 'other') NOT NULL, \`note\` text NOT NULL, \`context\` text NOT NULL, \`status\` enum ('open', 'acknowledged', 'actioned', 'closed') NOT NULL DEFAULT 'open', \`outcome\` text NULL, \`handledById\` varchar(36) NULL, \`handledByName\` varchar(100) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_82faaa44a23d4e62de012d4f7f\` (\`status\`, \`createdAt\`), UNIQUE INDEX \`IDX_686f8238f4d2e0a61385476c90\` (\`messageId\`, \`reporterId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum (${KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum (${KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${KINDS}, ${MAIL_ONLY}) NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}, ${MAIL_ONLY}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}) NOT NULL`);
        await queryRunner.query(`DROP INDEX \`IDX_686f8238f4d2e0a61385476c90\` ON \`message_reports\``);
        await queryRunner.query(`DROP INDEX \`IDX_82faaa44a23d4e62de012d4f7f\` ON \`message_reports\``);
        await queryRunner.query(`DROP TABLE \`message_reports\``);
    }

}
