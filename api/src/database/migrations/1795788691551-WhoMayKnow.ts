import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 35: signals followed up by the admins (a confidential grievance's), claimed school-wide runs, when a mentor was
 * assigned ("no contact" counts from it), the e-mails of name-withheld grievances (blanked in the delivery log), and the
 * new notification kinds (enums widened in place).
 */
const KINDS = `'leave.filed', 'leave.cancelled', 'leave.decided', 'grievance.filed', 'grievance.received', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal'`;
const OLD_KINDS = `'leave.decided', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal'`;

export class WhoMayKnow1795788691551 implements MigrationInterface {
    name = 'WhoMayKnow1795788691551'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`risk_runs\` (\`name\` varchar(40) NOT NULL, \`claimedAt\` datetime(6) NOT NULL, PRIMARY KEY (\`name\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`mentee_profiles\` ADD \`mentorAssignedAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`risk_signals\` ADD \`audience\` varchar(10) NOT NULL DEFAULT 'mentor'`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` ADD \`withheldRef\` varchar(36) NULL`);
        await queryRunner.query(`CREATE INDEX \`IDX_fa73badaf64955048dffef5888\` ON \`mail_deliveries\` (\`withheldRef\`)`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum (${KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum (${KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${KINDS}, 'guardian.absence', 'password.reset') NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}, 'guardian.absence', 'password.reset') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}) NOT NULL`);
        await queryRunner.query(`DROP INDEX \`IDX_fa73badaf64955048dffef5888\` ON \`mail_deliveries\``);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` DROP COLUMN \`withheldRef\``);
        await queryRunner.query(`ALTER TABLE \`risk_signals\` DROP COLUMN \`audience\``);
        await queryRunner.query(`ALTER TABLE \`mentee_profiles\` DROP COLUMN \`mentorAssignedAt\``);
        await queryRunner.query(`DROP TABLE \`risk_runs\``);
    }

}
