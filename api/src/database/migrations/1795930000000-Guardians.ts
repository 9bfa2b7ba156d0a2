import { MigrationInterface, QueryRunner } from "typeorm";

/** Issue 41: guardians are users (role guardian), linked to their children by an admin's invitation. */
export class Guardians1795930000000 implements MigrationInterface {
    name = 'Guardians1795930000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`guardian_links\` (\`id\` varchar(36) NOT NULL, \`guardianId\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`invitedById\` varchar(36) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_fb8e5b91f26a610aacc8f80ce1\` (\`menteeId\`), UNIQUE INDEX \`IDX_7a741ca16090e3e2a33f3ec9a0\` (\`guardianId\`, \`menteeId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`DROP INDEX \`IDX_cb49ffedefc177517b9ccfd650\` ON \`users\``);
        await queryRunner.query(`ALTER TABLE \`users\` CHANGE \`role\` \`role\` enum ('admin', 'mentor', 'mentee', 'guardian') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`announcement_comments\` CHANGE \`userRole\` \`userRole\` enum ('admin', 'mentor', 'mentee', 'guardian') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`grievance_events\` CHANGE \`actorRole\` \`actorRole\` enum ('admin', 'mentor', 'mentee', 'guardian') NULL`);
        await queryRunner.query(`CREATE INDEX \`IDX_cb49ffedefc177517b9ccfd650\` ON \`users\` (\`role\`, \`isActive\`)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_cb49ffedefc177517b9ccfd650\` ON \`users\``);
        await queryRunner.query(`ALTER TABLE \`grievance_events\` CHANGE \`actorRole\` \`actorRole\` enum ('admin', 'mentor', 'mentee') NULL`);
        await queryRunner.query(`ALTER TABLE \`announcement_comments\` CHANGE \`userRole\` \`userRole\` enum ('admin', 'mentor', 'mentee') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`users\` CHANGE \`role\` \`role\` enum ('admin', 'mentor', 'mentee') NOT NULL`);
        await queryRunner.query(`CREATE INDEX \`IDX_cb49ffedefc177517b9ccfd650\` ON \`users\` (\`role\`, \`isActive\`)`);
        await queryRunner.query(`DROP INDEX \`IDX_7a741ca16090e3e2a33f3ec9a0\` ON \`guardian_links\``);
        await queryRunner.query(`DROP INDEX \`IDX_fb8e5b91f26a610aacc8f80ce1\` ON \`guardian_links\``);
        await queryRunner.query(`DROP TABLE \`guardian_links\``);
    }

}
