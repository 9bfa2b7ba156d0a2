import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 41: how each guardian's e-mails come (at once, a daily digest, or not at all), the school's digest time, and the
 * digest's mail kind (enum widened in place).
 */
const OLD_MAIL_KINDS = `'leave.filed', 'leave.cancelled', 'leave.decided', 'grievance.filed', 'grievance.received', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal', 'absence.answered', 'guardian.absence', 'password.reset'`;

export class GuardianDigest1795990000000 implements MigrationInterface {
    name = 'GuardianDigest1795990000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`guardian_mail_settings\` (\`userId\` varchar(36) NOT NULL, \`delivery\` enum ('now', 'digest', 'off') NOT NULL DEFAULT 'now', \`lastDigestAt\` datetime(6) NULL, PRIMARY KEY (\`userId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`school_settings\` ADD \`guardianDigestAt\` varchar(5) NULL`);
        await queryRunner.query(`ALTER TABLE \`guardian_mail_settings\` ADD CONSTRAINT \`FK_e5e8f844d2bc81c11d189cc946f\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${OLD_MAIL_KINDS}, 'guardian.digest') NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum (${OLD_MAIL_KINDS}) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`guardian_mail_settings\` DROP FOREIGN KEY \`FK_e5e8f844d2bc81c11d189cc946f\``);
        await queryRunner.query(`ALTER TABLE \`school_settings\` DROP COLUMN \`guardianDigestAt\``);
        await queryRunner.query(`DROP TABLE \`guardian_mail_settings\``);
    }

}
