import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 43: each sign-in is a session its owner can see and end (the token names it). */
export class UserSessions1796090000000 implements MigrationInterface {
    name = 'UserSessions1796090000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`user_sessions\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`userAgent\` varchar(400) NULL, \`address\` varchar(64) NULL, \`createdAt\` datetime(6) NOT NULL, \`lastUsedAt\` datetime(6) NOT NULL, \`expiresAt\` datetime(6) NOT NULL, INDEX \`IDX_f22b88fa8bfb50c2d2960df28f\` (\`userId\`, \`expiresAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`user_sessions\` ADD CONSTRAINT \`FK_55fa4db8406ed66bc7044328427\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`user_sessions\` DROP FOREIGN KEY \`FK_55fa4db8406ed66bc7044328427\``);
        await queryRunner.query(`DROP INDEX \`IDX_f22b88fa8bfb50c2d2960df28f\` ON \`user_sessions\``);
        await queryRunner.query(`DROP TABLE \`user_sessions\``);
    }

}
