import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: the school's quiet hours, during which e-mails to guardians other than safety notices wait. */
export class QuietHours1795960000000 implements MigrationInterface {
    name = 'QuietHours1795960000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`school_settings\` ADD \`quietHoursStart\` varchar(5) NULL`);
        await queryRunner.query(`ALTER TABLE \`school_settings\` ADD \`quietHoursEnd\` varchar(5) NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`school_settings\` DROP COLUMN \`quietHoursEnd\``);
        await queryRunner.query(`ALTER TABLE \`school_settings\` DROP COLUMN \`quietHoursStart\``);
    }

}
