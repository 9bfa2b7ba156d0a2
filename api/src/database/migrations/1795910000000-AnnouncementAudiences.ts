import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 39: announcements to one of the mentor's groups or to their mentees of one class and section (the audience
 * enum widened in place), named as posted, with the students each was addressed to.
 */
export class AnnouncementAudiences1795910000000 implements MigrationInterface {
    name = 'AnnouncementAudiences1795910000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`announcement_recipients\` (\`announcementId\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, INDEX \`IDX_fff691fdd6090bd48a7873e614\` (\`userId\`, \`announcementId\`), PRIMARY KEY (\`announcementId\`, \`userId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`announcements\` ADD \`targetGroupId\` varchar(36) NULL`);
        await queryRunner.query(`ALTER TABLE \`announcements\` ADD \`targetGroupName\` varchar(100) NULL`);
        await queryRunner.query(`ALTER TABLE \`announcements\` ADD \`targetClass\` varchar(20) NULL`);
        await queryRunner.query(`ALTER TABLE \`announcements\` ADD \`targetSection\` varchar(10) NULL`);
        await queryRunner.query(`ALTER TABLE \`announcements\` CHANGE \`targetAudience\` \`targetAudience\` enum ('all', 'mentees', 'mentors', 'group', 'class') NOT NULL DEFAULT 'all'`);
        await queryRunner.query(`ALTER TABLE \`announcement_recipients\` ADD CONSTRAINT \`FK_effb39816f6c0ca24291ba0d46f\` FOREIGN KEY (\`announcementId\`) REFERENCES \`announcements\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`announcement_recipients\` ADD CONSTRAINT \`FK_0a9237e7315b7751c0fd150376d\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`announcement_recipients\` DROP FOREIGN KEY \`FK_0a9237e7315b7751c0fd150376d\``);
        await queryRunner.query(`ALTER TABLE \`announcement_recipients\` DROP FOREIGN KEY \`FK_effb39816f6c0ca24291ba0d46f\``);
        await queryRunner.query(`ALTER TABLE \`announcements\` CHANGE \`targetAudience\` \`targetAudience\` enum ('all', 'mentees', 'mentors') NOT NULL DEFAULT 'all'`);
        await queryRunner.query(`ALTER TABLE \`announcements\` DROP COLUMN \`targetSection\``);
        await queryRunner.query(`ALTER TABLE \`announcements\` DROP COLUMN \`targetClass\``);
        await queryRunner.query(`ALTER TABLE \`announcements\` DROP COLUMN \`targetGroupName\``);
        await queryRunner.query(`ALTER TABLE \`announcements\` DROP COLUMN \`targetGroupId\``);
        await queryRunner.query(`DROP INDEX \`IDX_fff691fdd6090bd48a7873e614\` ON \`announcement_recipients\``);
        await queryRunner.query(`DROP TABLE \`announcement_recipients\``);
    }

}
