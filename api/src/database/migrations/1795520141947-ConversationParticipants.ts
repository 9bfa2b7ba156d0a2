import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 23: an individual chat's two people as columns of each message (the key's "a:b" split, null in group chats),
 * each leading an index, so the chats of one person are found without scanning for keys ending in their id. Existing
 * messages are filled from their key before the indexes are built.
 */
export class ConversationParticipants1795520141947 implements MigrationInterface {
    name = 'ConversationParticipants1795520141947'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`messages\` ADD \`participantA\` varchar(36) NULL`);
        await queryRunner.query(`ALTER TABLE \`messages\` ADD \`participantB\` varchar(36) NULL`);
        await queryRunner.query(`UPDATE \`messages\` SET \`participantA\` = SUBSTRING_INDEX(\`conversationKey\`, ':', 1), \`participantB\` = SUBSTRING_INDEX(\`conversationKey\`, ':', -1) WHERE \`conversationType\` = 'individual'`);
        await queryRunner.query(`CREATE INDEX \`IDX_messages_participantB_participantA\` ON \`messages\` (\`participantB\`, \`participantA\`)`);
        await queryRunner.query(`CREATE INDEX \`IDX_messages_participantA_participantB\` ON \`messages\` (\`participantA\`, \`participantB\`)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_messages_participantA_participantB\` ON \`messages\``);
        await queryRunner.query(`DROP INDEX \`IDX_messages_participantB_participantA\` ON \`messages\``);
        await queryRunner.query(`ALTER TABLE \`messages\` DROP COLUMN \`participantB\``);
        await queryRunner.query(`ALTER TABLE \`messages\` DROP COLUMN \`participantA\``);
    }

}
