import { MigrationInterface, QueryRunner } from "typeorm";

export class GrievanceComments1795364816294 implements MigrationInterface {
    name = 'GrievanceComments1795364816294'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`grievance_comments\` (\`id\` varchar(36) NOT NULL, \`grievanceId\` varchar(36) NOT NULL, \`authorId\` varchar(36) NOT NULL, \`content\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_0ad2f7bb80279893f650ac20e6\` (\`grievanceId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` ADD CONSTRAINT \`FK_0ad2f7bb80279893f650ac20e62\` FOREIGN KEY (\`grievanceId\`) REFERENCES \`grievances\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` ADD CONSTRAINT \`FK_4eac949cdd81ffdc6b6b119c037\` FOREIGN KEY (\`authorId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` DROP FOREIGN KEY \`FK_4eac949cdd81ffdc6b6b119c037\``);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` DROP FOREIGN KEY \`FK_0ad2f7bb80279893f650ac20e62\``);
        await queryRunner.query(`DROP INDEX \`IDX_0ad2f7bb80279893f650ac20e6\` ON \`grievance_comments\``);
        await queryRunner.query(`DROP TABLE \`grievance_comments\``);
    }

}
