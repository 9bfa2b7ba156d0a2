import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: an announcement is for its students, their guardians, or both. */
export class AnnouncementReaders1795980000000 implements MigrationInterface {
    name = 'AnnouncementReaders1795980000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`announcements\` ADD \`readers\` enum ('students', 'guardians', 'both') NOT NULL DEFAULT 'students'`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`announcements\` DROP COLUMN \`readers\``);
    }

}
