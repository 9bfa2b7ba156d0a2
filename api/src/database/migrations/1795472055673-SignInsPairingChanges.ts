import { MigrationInterface, QueryRunner } from "typeorm";

export class SignInsPairingChanges1795472055673 implements MigrationInterface {
    name = 'SignInsPairingChanges1795472055673'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`pairing_changes\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`delta\` int NOT NULL, \`at\` datetime(6) NOT NULL, INDEX \`IDX_cd8a3d076e6bf24d34e24a0e1e\` (\`menteeId\`), INDEX \`IDX_cb4cad889282aff026ab442ebb\` (\`at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`sign_ins\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`at\` datetime(6) NOT NULL, INDEX \`IDX_e0c2a3b2813f12144dd689d39b\` (\`at\`, \`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`pairing_changes\` ADD CONSTRAINT \`FK_cd8a3d076e6bf24d34e24a0e1e9\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`sign_ins\` ADD CONSTRAINT \`FK_f4334a00648ac7e585288ae9576\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`sign_ins\` DROP FOREIGN KEY \`FK_f4334a00648ac7e585288ae9576\``);
        await queryRunner.query(`ALTER TABLE \`pairing_changes\` DROP FOREIGN KEY \`FK_cd8a3d076e6bf24d34e24a0e1e9\``);
        await queryRunner.query(`DROP INDEX \`IDX_e0c2a3b2813f12144dd689d39b\` ON \`sign_ins\``);
        await queryRunner.query(`DROP TABLE \`sign_ins\``);
        await queryRunner.query(`DROP INDEX \`IDX_cb4cad889282aff026ab442ebb\` ON \`pairing_changes\``);
        await queryRunner.query(`DROP INDEX \`IDX_cd8a3d076e6bf24d34e24a0e1e\` ON \`pairing_changes\``);
        await queryRunner.query(`DROP TABLE \`pairing_changes\``);
    }

}
