import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 20: risk thresholds, stored risk signals (open while they hold; openKey unique while open), the mentoring log
 * with action items, dismissals with their reason, and the 'risk.signal' notification kind (enums widened in place:
 * their indexes stay).
 */
export class FollowUp1795490000000 implements MigrationInterface {
    name = 'FollowUp1795490000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`risk_settings\` (\`id\` int NOT NULL, \`consecutiveAbsences\` int NOT NULL, \`lowAttendancePercent\` int NOT NULL, \`attendanceDropPoints\` int NOT NULL, \`attendanceWindowSchoolDays\` int NOT NULL, \`leaveRequests\` int NOT NULL, \`leaveWindowDays\` int NOT NULL, \`grievanceOpenDays\` int NOT NULL, \`noContactDays\` int NOT NULL, \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`risk_signals\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`kind\` enum ('consecutiveAbsences', 'lowAttendance', 'attendanceDrop', 'grievanceOpen', 'repeatedLeave', 'noContact') NOT NULL, \`openKey\` varchar(60) NULL, \`evidence\` varchar(500) NOT NULL, \`openedAt\` datetime(6) NOT NULL, \`handledAt\` datetime(6) NULL, \`closedAt\` datetime(6) NULL, UNIQUE INDEX \`IDX_4ea6c176778d701ace7a954445\` (\`openKey\`), INDEX \`IDX_a4fcbdb4469ee6ba2ef6782115\` (\`closedAt\`, \`handledAt\`, \`openedAt\`), INDEX \`IDX_be32c8b329b58ff776c6cd6170\` (\`menteeId\`, \`closedAt\`, \`handledAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`mentoring_entries\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`authorId\` varchar(36) NULL, \`date\` date NOT NULL, \`mode\` enum ('inPerson', 'call', 'chat', 'guardianMessage') NOT NULL, \`summary\` text NOT NULL, \`isPrivate\` tinyint NOT NULL DEFAULT 0, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_668fb36a4d1333782b103a1ccd\` (\`createdAt\`), INDEX \`IDX_9911b0a9481291f6d92c32c5e1\` (\`authorId\`, \`date\`), INDEX \`IDX_3164bf887b9ec1fa80fcbbb31d\` (\`menteeId\`, \`date\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`mentoring_action_items\` (\`id\` varchar(36) NOT NULL, \`entryId\` varchar(36) NOT NULL, \`position\` int NOT NULL, \`text\` varchar(500) NOT NULL, \`dueDate\` date NULL, \`done\` tinyint NOT NULL DEFAULT 0, INDEX \`IDX_0513c29b31b87d48bae73d6275\` (\`entryId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`risk_dismissals\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`byId\` varchar(36) NULL, \`reason\` varchar(500) NOT NULL, \`kinds\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_dd615404a1ef94c6b4ab9e9637\` (\`menteeId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'risk.signal', 'guardian.absence', 'password.reset') NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`mail_deliveries\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending', 'guardian.absence', 'password.reset') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notification_preferences\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending') NOT NULL`);
        await queryRunner.query(`ALTER TABLE \`notifications\` CHANGE \`kind\` \`kind\` enum ('leave.decided', 'grievance.status', 'grievance.comment', 'mentor.assigned', 'announcement.new', 'group.added', 'account.pending') NOT NULL`);
        await queryRunner.query(`DROP TABLE \`risk_dismissals\``);
        await queryRunner.query(`DROP TABLE \`mentoring_action_items\``);
        await queryRunner.query(`DROP TABLE \`mentoring_entries\``);
        await queryRunner.query(`DROP TABLE \`risk_signals\``);
        await queryRunner.query(`DROP TABLE \`risk_settings\``);
    }

}
