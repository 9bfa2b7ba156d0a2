import { MigrationInterface, QueryRunner } from "typeorm";

export class AttendanceCoveringIndexes1795425800497 implements MigrationInterface {
    name = 'AttendanceCoveringIndexes1795425800497'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_9fb6ef15f899489af7e47b6c83\` ON \`attendance_records\``);
        await queryRunner.query(`CREATE INDEX \`IDX_attendance_date_mentee_status\` ON \`attendance_records\` (\`date\`, \`menteeId\`, \`status\`)`);
        await queryRunner.query(`CREATE INDEX \`IDX_attendance_mentee_date_status\` ON \`attendance_records\` (\`menteeId\`, \`date\`, \`status\`)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_attendance_mentee_date_status\` ON \`attendance_records\``);
        await queryRunner.query(`DROP INDEX \`IDX_attendance_date_mentee_status\` ON \`attendance_records\``);
        await queryRunner.query(`CREATE INDEX \`IDX_9fb6ef15f899489af7e47b6c83\` ON \`attendance_records\` (\`date\`)`);
    }

}
