import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 38: the remote registry (npm run remotes): each remote's deployments, newest in force unless rolled back. */
export class RemoteVersions1795900000000 implements MigrationInterface {
    name = 'RemoteVersions1795900000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`remote_versions\` (\`id\` varchar(36) NOT NULL, \`remote\` varchar(40) NOT NULL, \`entry\` varchar(1000) NOT NULL, \`version\` text NULL, \`setBy\` varchar(254) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`rolledBackAt\` datetime(6) NULL, INDEX \`IDX_remote_versions_remote_created\` (\`remote\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_remote_versions_remote_created\` ON \`remote_versions\``);
        await queryRunner.query(`DROP TABLE \`remote_versions\``);
    }

}
