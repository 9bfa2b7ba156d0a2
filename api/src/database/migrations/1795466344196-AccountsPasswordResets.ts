import { MigrationInterface, QueryRunner } from "typeorm";

export class AccountsPasswordResets1795466344196 implements MigrationInterface {
    name = 'AccountsPasswordResets1795466344196'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`password_reset_tokens\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`tokenHash\` varchar(64) NOT NULL, \`expiresAt\` datetime(6) NOT NULL, \`usedAt\` datetime(6) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_d6a19d4b4f6c62dcd29daa497e\` (\`userId\`), UNIQUE INDEX \`IDX_1143abb8c3fad8b06dd857a8c9\` (\`tokenHash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`password_reset_requests\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_91edfdb7662932426087df8df4\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`users\` ADD \`pendingApproval\` tinyint NOT NULL DEFAULT 0`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`pendingApproval\``);
        await queryRunner.query(`DROP INDEX \`IDX_91edfdb7662932426087df8df4\` ON \`password_reset_requests\``);
        await queryRunner.query(`DROP TABLE \`password_reset_requests\``);
        await queryRunner.query(`DROP INDEX \`IDX_1143abb8c3fad8b06dd857a8c9\` ON \`password_reset_tokens\``);
        await queryRunner.query(`DROP INDEX \`IDX_d6a19d4b4f6c62dcd29daa497e\` ON \`password_reset_tokens\``);
        await queryRunner.query(`DROP TABLE \`password_reset_tokens\``);
    }

}
