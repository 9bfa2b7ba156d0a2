import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 42: deleted chats kept for the safeguarding leads (kept_chats, kept_messages; a kept file is marked on its
 * attachment), and the safeguarding lead designation of an admin.
 */
export class KeptChats1796000000000 implements MigrationInterface {
    name = 'KeptChats1796000000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`kept_chats\` (\`id\` varchar(36) NOT NULL, \`conversationType\` enum ('group', 'individual') NOT NULL, \`conversationKey\` varchar(80) NOT NULL, \`scope\` varchar(12) NOT NULL, \`label\` varchar(254) NOT NULL, \`participants\` text NOT NULL, \`messageCount\` int NOT NULL, \`deletedById\` varchar(36) NULL, \`deletedByName\` varchar(100) NOT NULL, \`deletedByRole\` enum ('admin', 'mentor', 'mentee', 'guardian') NOT NULL, \`deletedAt\` datetime(6) NOT NULL, INDEX \`IDX_fa310510812027a7628fa4bdb8\` (\`deletedAt\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`kept_messages\` (\`id\` varchar(36) NOT NULL, \`keptChatId\` varchar(36) NOT NULL, \`senderId\` varchar(36) NULL, \`senderName\` varchar(100) NOT NULL, \`senderRole\` enum ('admin', 'mentor', 'mentee', 'guardian') NOT NULL, \`content\` text NOT NULL, \`attachmentId\` varchar(36) NULL, \`attachmentName\` varchar(255) NULL, \`attachmentKind\` varchar(10) NULL, \`createdAt\` datetime(6) NOT NULL, INDEX \`IDX_3abcc26426c3a3f60b113e25c3\` (\`keptChatId\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`users\` ADD \`safeguardingLead\` tinyint NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE \`attachments\` ADD \`keptChatId\` varchar(36) NULL`);
        await queryRunner.query(`ALTER TABLE \`kept_messages\` ADD CONSTRAINT \`FK_47b5f8b472ec979dcc928b3176c\` FOREIGN KEY (\`keptChatId\`) REFERENCES \`kept_chats\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`kept_messages\` DROP FOREIGN KEY \`FK_47b5f8b472ec979dcc928b3176c\``);
        await queryRunner.query(`ALTER TABLE \`attachments\` DROP COLUMN \`keptChatId\``);
        await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`safeguardingLead\``);
        await queryRunner.query(`DROP INDEX \`IDX_3abcc26426c3a3f60b113e25c3\` ON \`kept_messages\``);
        await queryRunner.query(`DROP TABLE \`kept_messages\``);
        await queryRunner.query(`DROP INDEX \`IDX_fa310510812027a7628fa4bdb8\` ON \`kept_chats\``);
        await queryRunner.query(`DROP TABLE \`kept_chats\``);
    }

}
