import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 42, erasure on request: an erased student's open grievances (and their comments on them) are kept under a legal
 * hold without the account, so the links become nullable and let go of the deleted row (ON DELETE SET NULL).
 */
export class ErasureHolds1796050000000 implements MigrationInterface {
    name = 'ErasureHolds1796050000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP FOREIGN KEY \`FK_80fb5c8e37958847286cb18b5cb\``);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` DROP FOREIGN KEY \`FK_4eac949cdd81ffdc6b6b119c037\``);
        await queryRunner.query(`DROP INDEX \`IDX_b9b0d0eeb32597c6c1195aa295\` ON \`grievances\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` CHANGE \`menteeId\` \`menteeId\` varchar(36) NULL`);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` CHANGE \`authorId\` \`authorId\` varchar(36) NULL`);
        await queryRunner.query(`CREATE INDEX \`IDX_b9b0d0eeb32597c6c1195aa295\` ON \`grievances\` (\`menteeId\`, \`status\`)`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD CONSTRAINT \`FK_80fb5c8e37958847286cb18b5cb\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` ADD CONSTRAINT \`FK_4eac949cdd81ffdc6b6b119c037\` FOREIGN KEY (\`authorId\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` DROP FOREIGN KEY \`FK_4eac949cdd81ffdc6b6b119c037\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP FOREIGN KEY \`FK_80fb5c8e37958847286cb18b5cb\``);
        await queryRunner.query(`DROP INDEX \`IDX_b9b0d0eeb32597c6c1195aa295\` ON \`grievances\``);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` CHANGE \`authorId\` \`authorId\` varchar(36) NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` CHANGE \`menteeId\` \`menteeId\` varchar(36) NOT NULL`);
        await queryRunner.query(`CREATE INDEX \`IDX_b9b0d0eeb32597c6c1195aa295\` ON \`grievances\` (\`menteeId\`, \`status\`)`);
        await queryRunner.query(`ALTER TABLE \`grievance_comments\` ADD CONSTRAINT \`FK_4eac949cdd81ffdc6b6b119c037\` FOREIGN KEY (\`authorId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD CONSTRAINT \`FK_80fb5c8e37958847286cb18b5cb\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

}
