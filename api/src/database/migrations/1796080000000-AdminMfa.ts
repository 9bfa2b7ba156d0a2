import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 43: admins' second factor: the authenticator (its secret encrypted) and the single-use recovery codes (hashed). */
export class AdminMfa1796080000000 implements MigrationInterface {
    name = 'AdminMfa1796080000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`admin_authenticators\` (\`userId\` varchar(36) NOT NULL, \`secret\` varchar(255) NOT NULL, \`enabledAt\` datetime(6) NULL, \`lastStep\` int NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`userId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`admin_recovery_codes\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`codeHash\` varchar(64) NOT NULL, \`usedAt\` datetime(6) NULL, INDEX \`IDX_7061709aad6d233e340b7d9024\` (\`userId\`), UNIQUE INDEX \`IDX_8f152a76cc97a08182e23a539d\` (\`codeHash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`admin_authenticators\` ADD CONSTRAINT \`FK_aa64f632bf91e53cb2f8635018d\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`admin_recovery_codes\` ADD CONSTRAINT \`FK_7061709aad6d233e340b7d90240\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`admin_recovery_codes\` DROP FOREIGN KEY \`FK_7061709aad6d233e340b7d90240\``);
        await queryRunner.query(`ALTER TABLE \`admin_authenticators\` DROP FOREIGN KEY \`FK_aa64f632bf91e53cb2f8635018d\``);
        await queryRunner.query(`DROP INDEX \`IDX_8f152a76cc97a08182e23a539d\` ON \`admin_recovery_codes\``);
        await queryRunner.query(`DROP INDEX \`IDX_7061709aad6d233e340b7d9024\` ON \`admin_recovery_codes\``);
        await queryRunner.query(`DROP TABLE \`admin_recovery_codes\``);
        await queryRunner.query(`DROP TABLE \`admin_authenticators\``);
    }

}
