import { MigrationInterface, QueryRunner } from "typeorm";

export class ChatAttachmentsAndReads1795365265319 implements MigrationInterface {
    name = 'ChatAttachmentsAndReads1795365265319'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`attachments\` (\`id\` varchar(36) NOT NULL, \`uploaderId\` varchar(36) NOT NULL, \`conversationType\` enum ('group', 'individual') NOT NULL, \`conversationKey\` varchar(80) NOT NULL, \`kind\` varchar(10) NOT NULL, \`fileName\` varchar(255) NOT NULL, \`mimeType\` varchar(100) NOT NULL, \`size\` int NOT NULL, \`storageName\` varchar(100) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`conversation_reads\` (\`userId\` varchar(36) NOT NULL, \`conversationType\` enum ('group', 'individual') NOT NULL, \`conversationKey\` varchar(80) NOT NULL, \`lastReadAt\` datetime(6) NOT NULL, PRIMARY KEY (\`userId\`, \`conversationType\`, \`conversationKey\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`messages\` ADD \`attachmentId\` varchar(36) NULL`);
        await queryRunner.query(`CREATE INDEX \`IDX_2db9cf2b3ca111742793f6c37c\` ON \`messages\` (\`senderId\`)`);
        await queryRunner.query(`ALTER TABLE \`messages\` ADD CONSTRAINT \`FK_a736df8790a3a7e283e0d4153ea\` FOREIGN KEY (\`attachmentId\`) REFERENCES \`attachments\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`attachments\` ADD CONSTRAINT \`FK_b8f8cb9f55776d30ebd6dc779ee\` FOREIGN KEY (\`uploaderId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`conversation_reads\` ADD CONSTRAINT \`FK_56047f52c60523dbcdddeef61c6\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`conversation_reads\` DROP FOREIGN KEY \`FK_56047f52c60523dbcdddeef61c6\``);
        await queryRunner.query(`ALTER TABLE \`attachments\` DROP FOREIGN KEY \`FK_b8f8cb9f55776d30ebd6dc779ee\``);
        await queryRunner.query(`ALTER TABLE \`messages\` DROP FOREIGN KEY \`FK_a736df8790a3a7e283e0d4153ea\``);
        await queryRunner.query(`DROP INDEX \`IDX_2db9cf2b3ca111742793f6c37c\` ON \`messages\``);
        await queryRunner.query(`ALTER TABLE \`messages\` DROP COLUMN \`attachmentId\``);
        await queryRunner.query(`DROP TABLE \`conversation_reads\``);
        await queryRunner.query(`DROP TABLE \`attachments\``);
    }

}
