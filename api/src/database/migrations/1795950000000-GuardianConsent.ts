import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: the school's privacy notice, versioned, and each guardian's consent answers per child, kept as records. */
export class GuardianConsent1795950000000 implements MigrationInterface {
    name = 'GuardianConsent1795950000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`privacy_notices\` (\`id\` varchar(36) NOT NULL, \`version\` int NOT NULL, \`text\` text NOT NULL, \`publishedById\` varchar(36) NULL, \`publishedAt\` datetime(6) NOT NULL, UNIQUE INDEX \`IDX_0a2d350c814a278cba3af5f57e\` (\`version\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`guardian_consents\` (\`id\` varchar(36) NOT NULL, \`guardianId\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`seq\` int NOT NULL, \`decision\` enum ('given', 'refused', 'withdrawn') NOT NULL, \`noticeVersion\` int NOT NULL, \`ipAddress\` varchar(45) NULL, \`createdAt\` datetime(6) NOT NULL, INDEX \`IDX_73328b7670956787382e47412b\` (\`menteeId\`), UNIQUE INDEX \`IDX_58df67d1b68a83276e2153a75a\` (\`guardianId\`, \`menteeId\`, \`seq\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_58df67d1b68a83276e2153a75a\` ON \`guardian_consents\``);
        await queryRunner.query(`DROP INDEX \`IDX_73328b7670956787382e47412b\` ON \`guardian_consents\``);
        await queryRunner.query(`DROP TABLE \`guardian_consents\``);
        await queryRunner.query(`DROP INDEX \`IDX_0a2d350c814a278cba3af5f57e\` ON \`privacy_notices\``);
        await queryRunner.query(`DROP TABLE \`privacy_notices\``);
    }

}
