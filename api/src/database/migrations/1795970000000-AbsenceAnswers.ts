import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: families answer absences (portal or the notice e-mail's single-use link); a new notification kind (enums widened in place). */
const OLD_KINDS = `'leave.filed', 'leave.cancelled', 'leave.decided', 'grievance.filed', 'grievance.received', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal'`;
const KINDS = `${OLD_KINDS}, 'absence.answered'`;

export class AbsenceAnswers1795970000000 implements MigrationInterface {
    name = 'AbsenceAnswers1795970000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`absence_answers\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`date\` date NOT NULL, \`reason\` enum ('sick', 'other', 'wrong_mark') NOT NULL, \`note\` text NULL, \`answeredById\` varchar(36) NULL, \`answeredBy\` varchar(254) NOT NULL, \`via\` enum ('portal', 'link') NOT NULL, \`seenAt\` datetime(6) NULL, \`seenById\` varchar(36) NULL, \`markResolution\` enum ('corrected', 'confirmed') NULL, \`resolvedById\` varchar(36) NULL, \`resolvedAt\` datetime(6) NULL, \`createdAt\` datetime(6) NOT NULL, INDEX \`IDX_37b7df4fdbb014d69aa4907616\` (\`seenAt\`), UNIQUE INDEX \`IDX_dc6f866de7c9c253f31728871b\` (\`menteeId\`, \`date\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`absence_links\` (\`id\` varchar(36) NOT NULL, \`tokenHash\` varchar(64) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`date\` date NOT NULL, \`email\` varchar(254) NOT NULL, \`expiresAt\` datetime(6) NOT NULL, \`usedAt\` datetime(6) NULL, UNIQUE INDEX \`IDX_76ffd634ad1ab812a2b48fba99\` (\`tokenHash\`), INDEX \`IDX_8307691aef8e94d5f68d510ae3\` (\`menteeId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`absence_answers\` ADD CONSTRAINT \`FK_cdda774b6f6f39378af6784514d\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`absence_answers\` ADD CONSTRAINT \`FK_d8cf90d5b16fa01d8f8085333f2\` FOREIGN KEY (\`answeredById\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`absence_links\` ADD CONSTRAINT \`FK_8307691aef8e94d5f68d510ae31\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum (${KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum (${KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${KINDS}, 'guardian.absence', 'password.reset') NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}, 'guardian.absence', 'password.reset') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum (${OLD_KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`absence_links\` DROP FOREIGN KEY \`FK_8307691aef8e94d5f68d510ae31\``);
        await queryRunner.query(`ALTER TABLE \`absence_answers\` DROP FOREIGN KEY \`FK_d8cf90d5b16fa01d8f8085333f2\``);
        await queryRunner.query(`ALTER TABLE \`absence_answers\` DROP FOREIGN KEY \`FK_cdda774b6f6f39378af6784514d\``);
        await queryRunner.query(`DROP INDEX \`IDX_8307691aef8e94d5f68d510ae3\` ON \`absence_links\``);
        await queryRunner.query(`DROP INDEX \`IDX_76ffd634ad1ab812a2b48fba99\` ON \`absence_links\``);
        await queryRunner.query(`DROP TABLE \`absence_links\``);
        await queryRunner.query(`DROP INDEX \`IDX_dc6f866de7c9c253f31728871b\` ON \`absence_answers\``);
        await queryRunner.query(`DROP INDEX \`IDX_37b7df4fdbb014d69aa4907616\` ON \`absence_answers\``);
        await queryRunner.query(`DROP TABLE \`absence_answers\``);
    }

}
