import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 43: sign-in through the school provider: the identity bound to each account, and sign-ins under way. */
export class ProviderSignIn1796070000000 implements MigrationInterface {
    name = 'ProviderSignIn1796070000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`sign_in_identities\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`issuer\` varchar(255) NOT NULL, \`subject\` varchar(255) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_40e22bcca72b5531d8cb5ab0f6\` (\`userId\`, \`issuer\`), UNIQUE INDEX \`IDX_a7f14309711ba6ad97d1f4bcdb\` (\`issuer\`, \`subject\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`provider_sign_ins\` (\`id\` varchar(64) NOT NULL, \`portal\` varchar(8) NOT NULL, \`codeVerifier\` varchar(128) NULL, \`state\` varchar(64) NULL, \`nonce\` varchar(64) NULL, \`userId\` varchar(36) NULL, \`expiresAt\` datetime(6) NOT NULL, INDEX \`IDX_893be95d63f8e3ed34dd869df0\` (\`expiresAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`sign_in_identities\` ADD CONSTRAINT \`FK_ec1e939dd1a5c1d60863ca8fd93\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`sign_in_identities\` DROP FOREIGN KEY \`FK_ec1e939dd1a5c1d60863ca8fd93\``);
        await queryRunner.query(`DROP INDEX \`IDX_893be95d63f8e3ed34dd869df0\` ON \`provider_sign_ins\``);
        await queryRunner.query(`DROP TABLE \`provider_sign_ins\``);
        await queryRunner.query(`DROP INDEX \`IDX_a7f14309711ba6ad97d1f4bcdb\` ON \`sign_in_identities\``);
        await queryRunner.query(`DROP INDEX \`IDX_40e22bcca72b5531d8cb5ab0f6\` ON \`sign_in_identities\``);
        await queryRunner.query(`DROP TABLE \`sign_in_identities\``);
    }

}
