import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 39: each person's language (what the server writes for them in), notifications and risk signals kept as
 * messages of the server's catalogue beside their English, and the school office's contact address.
 */
export class UserLanguages1795920000000 implements MigrationInterface {
    name = 'UserLanguages1795920000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`users\` ADD \`language\` varchar(8) NOT NULL DEFAULT 'en'`);
        await queryRunner.query(`ALTER TABLE \`notifications\` ADD \`message\` text NULL`);
        await queryRunner.query(`ALTER TABLE \`risk_signals\` ADD \`evidenceText\` text NULL`);
        await queryRunner.query(`ALTER TABLE \`school_settings\` ADD \`contactEmail\` varchar(254) NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`school_settings\` DROP COLUMN \`contactEmail\``);
        await queryRunner.query(`ALTER TABLE \`risk_signals\` DROP COLUMN \`evidenceText\``);
        await queryRunner.query(`ALTER TABLE \`notifications\` DROP COLUMN \`message\``);
        await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`language\``);
    }

}
