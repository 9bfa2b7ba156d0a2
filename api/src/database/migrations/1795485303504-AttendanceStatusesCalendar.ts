import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 19: four attendance statuses (enum widened in place: the covering indexes and the leave_requests foreign-key
 * index stay), an override reason and the leave reconciliation columns on each record, cancelled leaves, and the
 * school calendar (settings row and closures).
 */
export class AttendanceStatusesCalendar1795485303504 implements MigrationInterface {
    name = 'AttendanceStatusesCalendar1795485303504'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`school_settings\` (\`id\` int NOT NULL, \`timezone\` varchar(64) NOT NULL, \`weekendDays\` varchar(32) NOT NULL, \`termStart\` date NULL, \`termEnd\` date NULL, \`sickLeaveBackfillDays\` int NOT NULL, \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`school_closures\` (\`date\` date NOT NULL, \`reason\` varchar(200) NOT NULL, PRIMARY KEY (\`date\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` ADD \`overrideReason\` varchar(500) NULL`);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` ADD \`leaveId\` varchar(36) NULL`);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` ADD \`previousStatus\` enum ('present', 'absent', 'late', 'leave') NULL`);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` ADD \`cancelledAt\` datetime(6) NULL`);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` CHANGE \`status\` \`status\` enum ('present', 'absent', 'late', 'leave') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` CHANGE \`status\` \`status\` enum ('pending', 'approved', 'rejected', 'cancelled') NOT NULL DEFAULT 'pending'`);
        await queryRunner.query(`CREATE INDEX \`IDX_e7c44cb97672ae0a14a54a3595\` ON \`attendance_records\` (\`leaveId\`)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_e7c44cb97672ae0a14a54a3595\` ON \`attendance_records\``);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` CHANGE \`status\` \`status\` enum ('pending', 'approved', 'rejected') NOT NULL DEFAULT 'pending'`);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` CHANGE \`status\` \`status\` enum ('present', 'absent') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` DROP COLUMN \`cancelledAt\``);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` DROP COLUMN \`previousStatus\``);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` DROP COLUMN \`leaveId\``);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` DROP COLUMN \`overrideReason\``);
        await queryRunner.query(`DROP TABLE \`school_closures\``);
        await queryRunner.query(`DROP TABLE \`school_settings\``);
    }

}
