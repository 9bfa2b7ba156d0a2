import { MigrationInterface, QueryRunner } from "typeorm";

export class Notifications1795484325894 implements MigrationInterface {
    name = 'Notifications1795484325894'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`notifications\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending') NOT NULL, \`title\` varchar(200) NOT NULL, \`body\` text NOT NULL, \`link\` varchar(300) NULL, \`readAt\` datetime(6) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_eb224d6d3acf40220d84a63720\` (\`userId\`, \`readAt\`), INDEX \`IDX_070390d8500f837c982dc918d2\` (\`userId\`, \`createdAt\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`notification_preferences\` (\`id\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending') NOT NULL, \`email\` tinyint NOT NULL, UNIQUE INDEX \`IDX_1e81301b37e3854c0ad13a8b3a\` (\`userId\`, \`kind\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`mail_deliveries\` (\`id\` varchar(36) NOT NULL, \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'guardian.absence', 'password.reset') NOT NULL, \`userId\` varchar(36) NULL, \`to\` varchar(254) NOT NULL, \`subject\` varchar(255) NOT NULL, \`text\` text NOT NULL, \`status\` enum ('pending', 'sent', 'kept', 'cancelled', 'failed') NOT NULL DEFAULT 'pending', \`attempts\` int NOT NULL DEFAULT '0', \`lastError\` text NULL, \`sendAfter\` datetime(6) NOT NULL, \`sentAt\` datetime(6) NULL, \`dedupeKey\` varchar(120) NULL, \`menteeId\` varchar(36) NULL, \`day\` date NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_d4a6e391fd15631a04116f39a8\` (\`userId\`), UNIQUE INDEX \`IDX_828dd2880820b35de92cc92453\` (\`dedupeKey\`), INDEX \`IDX_ef57c854a23f98c8fdddddabf7\` (\`kind\`, \`createdAt\`), INDEX \`IDX_2f759ea6343ca0a2e694465f81\` (\`status\`, \`createdAt\`), INDEX \`IDX_bc22f67c86553660667c6e33e9\` (\`createdAt\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`guardian_notice_settings\` (\`menteeId\` varchar(36) NOT NULL, \`enabled\` tinyint NOT NULL, PRIMARY KEY (\`menteeId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`outbox_jobs\` (\`id\` varchar(36) NOT NULL, \`kind\` varchar(60) NOT NULL, \`payload\` text NULL, \`status\` enum ('pending', 'running', 'done', 'failed') NOT NULL DEFAULT 'pending', \`attempts\` int NOT NULL DEFAULT '0', \`runAfter\` datetime(6) NOT NULL, \`lockToken\` varchar(36) NULL, \`leaseUntil\` datetime(6) NULL, \`lastError\` text NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_ec6645edee02bcc9a76d2f6dbb\` (\`status\`, \`runAfter\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`notifications\` ADD CONSTRAINT \`FK_692a909ee0fa9383e7859f9b406\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` ADD CONSTRAINT \`FK_b70c44e8b00757584a393225593\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`guardian_notice_settings\` ADD CONSTRAINT \`FK_e4fcb11ee385bce1ef66721577f\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`guardian_notice_settings\` DROP FOREIGN KEY \`FK_e4fcb11ee385bce1ef66721577f\``);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` DROP FOREIGN KEY \`FK_b70c44e8b00757584a393225593\``);
        await queryRunner.query(`ALTER TABLE \`notifications\` DROP FOREIGN KEY \`FK_692a909ee0fa9383e7859f9b406\``);
        await queryRunner.query(`DROP INDEX \`IDX_ec6645edee02bcc9a76d2f6dbb\` ON \`outbox_jobs\``);
        await queryRunner.query(`DROP TABLE \`outbox_jobs\``);
        await queryRunner.query(`DROP TABLE \`guardian_notice_settings\``);
        await queryRunner.query(`DROP INDEX \`IDX_bc22f67c86553660667c6e33e9\` ON \`mail_deliveries\``);
        await queryRunner.query(`DROP INDEX \`IDX_2f759ea6343ca0a2e694465f81\` ON \`mail_deliveries\``);
        await queryRunner.query(`DROP INDEX \`IDX_ef57c854a23f98c8fdddddabf7\` ON \`mail_deliveries\``);
        await queryRunner.query(`DROP INDEX \`IDX_828dd2880820b35de92cc92453\` ON \`mail_deliveries\``);
        await queryRunner.query(`DROP INDEX \`IDX_d4a6e391fd15631a04116f39a8\` ON \`mail_deliveries\``);
        await queryRunner.query(`DROP TABLE \`mail_deliveries\``);
        await queryRunner.query(`DROP INDEX \`IDX_1e81301b37e3854c0ad13a8b3a\` ON \`notification_preferences\``);
        await queryRunner.query(`DROP TABLE \`notification_preferences\``);
        await queryRunner.query(`DROP INDEX \`IDX_070390d8500f837c982dc918d2\` ON \`notifications\``);
        await queryRunner.query(`DROP INDEX \`IDX_eb224d6d3acf40220d84a63720\` ON \`notifications\``);
        await queryRunner.query(`DROP TABLE \`notifications\``);
    }

}
