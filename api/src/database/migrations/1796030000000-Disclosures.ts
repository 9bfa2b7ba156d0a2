import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 42: the disclosure log (every staff view of a student's sensitive records). */
export class Disclosures1796030000000 implements MigrationInterface {
    name = 'Disclosures1796030000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`disclosures\` (\`id\` varchar(36) NOT NULL, \`viewerId\` varchar(36) NOT NULL, \`viewerName\` varchar(100) NOT NULL, \`viewerRole\` enum ('admin', 'mentor', 'mentee', 'guardian') NOT NULL, \`menteeId\` varchar(36) NULL, \`record\` enum ('profile', 'grievance', 'followup', 'guardians', 'kept-chat') NOT NULL, \`recordId\` varchar(36) NULL, \`fields\` text NOT NULL, \`students\` int NOT NULL DEFAULT '1', \`safeguarding\` tinyint NOT NULL DEFAULT 0, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_4c0f00669513bbdb314b0dedca\` (\`createdAt\`), INDEX \`IDX_fe81207b40bd1bba11e44e3b7e\` (\`menteeId\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_fe81207b40bd1bba11e44e3b7e\` ON \`disclosures\``);
        await queryRunner.query(`DROP INDEX \`IDX_4c0f00669513bbdb314b0dedca\` ON \`disclosures\``);
        await queryRunner.query(`DROP TABLE \`disclosures\``);
    }

}
