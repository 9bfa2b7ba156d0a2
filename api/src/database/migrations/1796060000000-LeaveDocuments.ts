import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: a document filed with a leave request (uploaded first, then attached), its bytes in slices. */
export class LeaveDocuments1796060000000 implements MigrationInterface {
    name = 'LeaveDocuments1796060000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`leave_documents\` (\`id\` varchar(36) NOT NULL, \`leaveId\` varchar(36) NULL, \`uploaderId\` varchar(36) NULL, \`fileName\` varchar(255) NOT NULL, \`mimeType\` varchar(100) NOT NULL, \`size\` int NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_86c156ed7a1b931a21884d9f77\` (\`leaveId\`), INDEX \`IDX_49d801edfccdee9b2f132ef726\` (\`uploaderId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`leave_document_chunks\` (\`documentId\` varchar(36) NOT NULL, \`seq\` int NOT NULL, \`data\` blob NOT NULL, PRIMARY KEY (\`documentId\`, \`seq\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`leave_documents\` ADD CONSTRAINT \`FK_86c156ed7a1b931a21884d9f77b\` FOREIGN KEY (\`leaveId\`) REFERENCES \`leave_requests\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`leave_documents\` ADD CONSTRAINT \`FK_49d801edfccdee9b2f132ef7266\` FOREIGN KEY (\`uploaderId\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`leave_document_chunks\` ADD CONSTRAINT \`FK_e5cee10cf2e9eaf102b96c82376\` FOREIGN KEY (\`documentId\`) REFERENCES \`leave_documents\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`leave_document_chunks\` DROP FOREIGN KEY \`FK_e5cee10cf2e9eaf102b96c82376\``);
        await queryRunner.query(`ALTER TABLE \`leave_documents\` DROP FOREIGN KEY \`FK_49d801edfccdee9b2f132ef7266\``);
        await queryRunner.query(`ALTER TABLE \`leave_documents\` DROP FOREIGN KEY \`FK_86c156ed7a1b931a21884d9f77b\``);
        await queryRunner.query(`DROP TABLE \`leave_document_chunks\``);
        await queryRunner.query(`DROP INDEX \`IDX_49d801edfccdee9b2f132ef726\` ON \`leave_documents\``);
        await queryRunner.query(`DROP INDEX \`IDX_86c156ed7a1b931a21884d9f77\` ON \`leave_documents\``);
        await queryRunner.query(`DROP TABLE \`leave_documents\``);
    }

}
