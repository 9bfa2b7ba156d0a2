import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: a leave a guardian filed for their child names them ("Filed by guardian"). */
export class GuardianLeaves1795940000000 implements MigrationInterface {
    name = 'GuardianLeaves1795940000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`leave_requests\` ADD \`filedById\` varchar(36) NULL`);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` ADD CONSTRAINT \`FK_67ee1ad41439b0f463ca805a349\` FOREIGN KEY (\`filedById\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`leave_requests\` DROP FOREIGN KEY \`FK_67ee1ad41439b0f463ca805a349\``);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` DROP COLUMN \`filedById\``);
    }

}
