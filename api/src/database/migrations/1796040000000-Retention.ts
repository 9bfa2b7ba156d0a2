import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 42: retention periods per kind of record, and when the daily purge last ran. */
export class Retention1796040000000 implements MigrationInterface {
    name = 'Retention1796040000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`retention_periods\` (\`kind\` varchar(40) NOT NULL, \`days\` int NULL, \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), PRIMARY KEY (\`kind\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`retention_state\` (\`id\` int NOT NULL, \`lastPurgeOn\` date NULL, \`lastPurgeAt\` datetime(6) NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE \`retention_state\``);
        await queryRunner.query(`DROP TABLE \`retention_periods\``);
    }

}
