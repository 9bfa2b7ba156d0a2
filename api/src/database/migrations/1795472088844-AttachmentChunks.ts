import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Attachment bytes move from one machine's disk into the database every instance shares. Existing rows keep their
 * file name (storageName) until the API moves the file in at start (AttachmentStorage.importLegacyFiles).
 */
export class AttachmentChunks1795472088844 implements MigrationInterface {
    name = 'AttachmentChunks1795472088844'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`attachment_chunks\` (\`attachmentId\` varchar(36) NOT NULL, \`seq\` int NOT NULL, \`data\` blob NOT NULL, PRIMARY KEY (\`attachmentId\`, \`seq\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`attachments\` CHANGE \`storageName\` \`storageName\` varchar(100) NULL`);
        await queryRunner.query(`ALTER TABLE \`attachment_chunks\` ADD CONSTRAINT \`FK_6a50e42ab156de1d3f42d1d3227\` FOREIGN KEY (\`attachmentId\`) REFERENCES \`attachments\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`attachment_chunks\` DROP FOREIGN KEY \`FK_6a50e42ab156de1d3f42d1d3227\``);
        // Bytes kept only in the database have no file: a name no file has, answered "no longer available" by old versions.
        await queryRunner.query(`UPDATE \`attachments\` SET \`storageName\` = CONCAT('in-database-', \`id\`) WHERE \`storageName\` IS NULL`);
        await queryRunner.query(`ALTER TABLE \`attachments\` CHANGE \`storageName\` \`storageName\` varchar(100) NOT NULL`);
        await queryRunner.query(`DROP TABLE \`attachment_chunks\``);
    }
}
