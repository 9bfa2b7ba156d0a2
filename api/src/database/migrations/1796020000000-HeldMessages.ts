import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 42: what staff write to students during the school's quiet hours is held until they end (held_messages). */
export class HeldMessages1796020000000 implements MigrationInterface {
    name = 'HeldMessages1796020000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`held_messages\` (\`id\` varchar(36) NOT NULL, \`conversationType\` enum ('group', 'individual') NOT NULL, \`conversationKey\` varchar(80) NOT NULL, \`participantA\` varchar(36) NULL, \`participantB\` varchar(36) NULL, \`senderId\` varchar(36) NOT NULL, \`content\` text NOT NULL, \`attachmentId\` varchar(36) NULL, \`createdAt\` datetime(6) NOT NULL, \`deliverAt\` datetime(6) NOT NULL, INDEX \`IDX_f58090f2aa6eabcc42e81adbbb\` (\`deliverAt\`), INDEX \`IDX_f24dab90218fc5308cbfc5efb8\` (\`conversationType\`, \`conversationKey\`, \`senderId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`messages\` ADD \`sentAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`held_messages\` ADD CONSTRAINT \`FK_e7a5f7f25205d34c9bad3370900\` FOREIGN KEY (\`senderId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`held_messages\` ADD CONSTRAINT \`FK_c294e7a3c7539bb2d8f6cf797f1\` FOREIGN KEY (\`attachmentId\`) REFERENCES \`attachments\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`held_messages\` DROP FOREIGN KEY \`FK_c294e7a3c7539bb2d8f6cf797f1\``);
        await queryRunner.query(`ALTER TABLE \`held_messages\` DROP FOREIGN KEY \`FK_e7a5f7f25205d34c9bad3370900\``);
        await queryRunner.query(`ALTER TABLE \`messages\` DROP COLUMN \`sentAt\``);
        await queryRunner.query(`DROP INDEX \`IDX_f24dab90218fc5308cbfc5efb8\` ON \`held_messages\``);
        await queryRunner.query(`DROP INDEX \`IDX_f58090f2aa6eabcc42e81adbbb\` ON \`held_messages\``);
        await queryRunner.query(`DROP TABLE \`held_messages\``);
    }

}
