import { MigrationInterface, QueryRunner } from "typeorm";

export class UserRoleActiveIndex1795428309358 implements MigrationInterface {
    name = 'UserRoleActiveIndex1795428309358'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_ace513fa30d485cfd25c11a9e4\` ON \`users\``);
        await queryRunner.query(`CREATE INDEX \`IDX_cb49ffedefc177517b9ccfd650\` ON \`users\` (\`role\`, \`isActive\`)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_cb49ffedefc177517b9ccfd650\` ON \`users\``);
        await queryRunner.query(`CREATE INDEX \`IDX_ace513fa30d485cfd25c11a9e4\` ON \`users\` (\`role\`)`);
    }

}
