import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 21: grievances students can trust. Ticket numbers (the existing grievances numbered per year in filing order,
 * the counters set after them), confidential routing, withheld names, deadlines (existing ones from their priority's
 * default in calendar days) and escalation, the student's answer, the timeline, deadline settings; 'urgent' priority
 * and the escalation notification kind (enums widened in place: their indexes stay; the follow-up work's 'risk.signal' kind, added just before, is kept).
 */
export class GrievanceTrust1795497628634 implements MigrationInterface {
    name = 'GrievanceTrust1795497628634'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`grievance_ticket_counters\` (\`year\` int NOT NULL, \`lastNumber\` int NOT NULL, PRIMARY KEY (\`year\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`grievance_settings\` (\`id\` int NOT NULL, \`urgentDays\` int NOT NULL, \`highDays\` int NOT NULL, \`mediumDays\` int NOT NULL, \`lowDays\` int NOT NULL, \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`grievance_events\` (\`id\` int NOT NULL AUTO_INCREMENT, \`grievanceId\` varchar(36) NOT NULL, \`kind\` enum ('filed', 'status', 'comment', 'viewed', 'identity-revealed', 'escalated', 'priority', 'category', 'confirmed', 'reopened') NOT NULL, \`actorId\` varchar(36) NULL, \`actorRole\` enum ('admin', 'mentor', 'mentee') NULL, \`actorName\` varchar(100) NOT NULL, \`detail\` varchar(1000) NOT NULL, \`viewDay\` varchar(10) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_a135d9b45b387762bb53e67e2a\` (\`grievanceId\`), UNIQUE INDEX \`IDX_86354d3d3f45947ec9b52f9861\` (\`grievanceId\`, \`actorId\`, \`viewDay\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`ticketNumber\` varchar(20) NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD UNIQUE INDEX \`IDX_67750e76598ca9bdf8b6a7b393\` (\`ticketNumber\`)`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`confidential\` tinyint NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`aboutMentor\` tinyint NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`nameWithheld\` tinyint NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`identityRevealedAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`deadlineAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`escalatedAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`confirmedAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD \`reopenedAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'grievance.escalated', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal', 'guardian.absence', 'password.reset') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` CHANGE \`priority\` \`priority\` enum ('urgent', 'high', 'medium', 'low') NOT NULL DEFAULT 'medium'`);
        await queryRunner.query(`CREATE INDEX \`IDX_743f1523ed980da0c2c1af371e\` ON \`grievances\` (\`confidential\`)`);
        await queryRunner.query(`CREATE INDEX \`IDX_d4fbca58ed66f3c02b0de324c4\` ON \`grievances\` (\`deadlineAt\`)`);
        await queryRunner.query(`ALTER TABLE \`grievance_events\` ADD CONSTRAINT \`FK_a135d9b45b387762bb53e67e2a1\` FOREIGN KEY (\`grievanceId\`) REFERENCES \`grievances\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        // Existing grievances: numbered per year in filing order, routed by the same rule as new ones.
        await queryRunner.query(`UPDATE \`grievances\` g JOIN (SELECT \`id\`, YEAR(\`createdAt\`) AS y, ROW_NUMBER() OVER (PARTITION BY YEAR(\`createdAt\`) ORDER BY \`createdAt\`, \`id\`) AS n FROM \`grievances\`) r ON r.\`id\` = g.\`id\` SET g.\`ticketNumber\` = CONCAT('GRV-', r.y, '-', LPAD(r.n, 6, '0'))`);
        await queryRunner.query(`INSERT INTO \`grievance_ticket_counters\` (\`year\`, \`lastNumber\`) SELECT YEAR(\`createdAt\`), COUNT(*) FROM \`grievances\` GROUP BY YEAR(\`createdAt\`)`);
        await queryRunner.query(`UPDATE \`grievances\` SET \`confidential\` = 1 WHERE \`grievanceType\` = 'misconduct-complaint' OR \`category\` = 'harassment'`);
        await queryRunner.query(`UPDATE \`grievances\` SET \`deadlineAt\` = DATE_ADD(\`createdAt\`, INTERVAL CASE \`priority\` WHEN 'high' THEN 3 WHEN 'low' THEN 14 ELSE 7 END DAY)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`grievance_events\` DROP FOREIGN KEY \`FK_a135d9b45b387762bb53e67e2a1\``);
        await queryRunner.query(`DROP INDEX \`IDX_d4fbca58ed66f3c02b0de324c4\` ON \`grievances\``);
        await queryRunner.query(`DROP INDEX \`IDX_743f1523ed980da0c2c1af371e\` ON \`grievances\``);
        await queryRunner.query(`UPDATE \`grievances\` SET \`priority\` = 'high' WHERE \`priority\` = 'urgent'`);
        await queryRunner.query(`ALTER TABLE \`grievances\` CHANGE \`priority\` \`priority\` enum ('high', 'medium', 'low') NOT NULL DEFAULT 'medium'`);
        await queryRunner.query(`DELETE FROM \`mail_deliveries\` WHERE \`kind\` = 'grievance.escalated'`);
        await queryRunner.query(`DELETE FROM \`notification_preferences\` WHERE \`kind\` = 'grievance.escalated'`);
        await queryRunner.query(`DELETE FROM \`notifications\` WHERE \`kind\` = 'grievance.escalated'`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal', 'guardian.absence', 'password.reset') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`reopenedAt\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`confirmedAt\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`escalatedAt\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`deadlineAt\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`identityRevealedAt\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`nameWithheld\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`aboutMentor\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`confidential\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP INDEX \`IDX_67750e76598ca9bdf8b6a7b393\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP COLUMN \`ticketNumber\``);
        await queryRunner.query(`DROP TABLE \`grievance_events\``);
        await queryRunner.query(`DROP TABLE \`grievance_settings\``);
        await queryRunner.query(`DROP TABLE \`grievance_ticket_counters\``);
    }

}
