import { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1795362770391 implements MigrationInterface {
    name = 'Initial1795362770391'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`users\` (\`id\` varchar(36) NOT NULL, \`email\` varchar(254) NOT NULL, \`fullName\` varchar(100) NOT NULL, \`phone\` varchar(30) NOT NULL DEFAULT '', \`passwordHash\` varchar(255) NOT NULL, \`role\` enum ('admin', 'mentor', 'mentee') NOT NULL, \`isActive\` tinyint NOT NULL DEFAULT 1, \`tokenVersion\` int NOT NULL DEFAULT '0', \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`lastLogin\` datetime(6) NULL, UNIQUE INDEX \`IDX_97672ac88f789774dd47f7c8be\` (\`email\`), INDEX \`IDX_4b2bf18167e94dce386d714c67\` (\`fullName\`), INDEX \`IDX_ace513fa30d485cfd25c11a9e4\` (\`role\`), INDEX \`IDX_204e9b624861ff4a5b26819210\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`announcements\` (\`id\` varchar(36) NOT NULL, \`authorId\` varchar(36) NOT NULL, \`title\` varchar(200) NOT NULL, \`content\` text NOT NULL, \`priority\` enum ('low', 'medium', 'high', 'urgent') NOT NULL DEFAULT 'medium', \`targetAudience\` enum ('all', 'mentees', 'mentors') NOT NULL DEFAULT 'all', \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_92d72877cc8c092c83f37c6275\` (\`authorId\`), INDEX \`IDX_c6c63fdba98f637c468bdedaf5\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`announcement_comments\` (\`id\` varchar(36) NOT NULL, \`announcementId\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`userRole\` enum ('admin', 'mentor', 'mentee') NOT NULL, \`content\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_2da728a8f3e2d5f4108e0ef912\` (\`announcementId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`announcement_likes\` (\`id\` varchar(36) NOT NULL, \`announcementId\` varchar(36) NOT NULL, \`userId\` varchar(36) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_a1d9487b7cb2b6cd2b7e5ea4d8\` (\`announcementId\`, \`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`mentor_profiles\` (\`id\` varchar(36) NOT NULL, \`employeeId\` varchar(40) NOT NULL, \`department\` varchar(100) NOT NULL, \`subjects\` text NOT NULL, \`qualifications\` text NOT NULL, \`citations\` text NOT NULL, \`experience\` int NOT NULL DEFAULT '0', \`officeHours\` varchar(100) NOT NULL DEFAULT '', UNIQUE INDEX \`IDX_0b775a1e173a465718b994dcee\` (\`employeeId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`mentee_profiles\` (\`id\` varchar(36) NOT NULL, \`studentId\` varchar(40) NOT NULL, \`class\` varchar(20) NOT NULL, \`section\` varchar(10) NOT NULL, \`academicYear\` varchar(20) NOT NULL DEFAULT '', \`dateOfBirth\` date NULL, \`address\` text NOT NULL, \`bloodGroup\` varchar(3) NULL, \`medicalConditions\` text NOT NULL, \`hobbies\` text NOT NULL, \`parentInfo\` text NOT NULL, \`mentorId\` varchar(36) NULL, UNIQUE INDEX \`IDX_3267efd85f9fb79818306a1c23\` (\`studentId\`), INDEX \`IDX_50f3ee3b41e85d7128f14de3b6\` (\`mentorId\`), INDEX \`IDX_af142c6d898d06d3f2686dd27a\` (\`class\`, \`section\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`attendance_records\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`date\` date NOT NULL, \`status\` enum ('present', 'absent') NOT NULL, \`markedById\` varchar(36) NULL, \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_9fb6ef15f899489af7e47b6c83\` (\`date\`), UNIQUE INDEX \`IDX_25dc0d77a801f3928def75be25\` (\`menteeId\`, \`date\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`audit_entries\` (\`id\` varchar(36) NOT NULL, \`actorId\` varchar(36) NULL, \`actorEmail\` varchar(254) NOT NULL, \`action\` varchar(40) NOT NULL, \`targetType\` varchar(40) NOT NULL, \`targetId\` varchar(36) NULL, \`targetLabel\` varchar(254) NOT NULL DEFAULT '', \`changes\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_a8456bc89d026672de07047358\` (\`actorId\`), INDEX \`IDX_7064857330342779b2bbd4584c\` (\`action\`), INDEX \`IDX_6b89e0b7daba4c6872b36125fc\` (\`targetId\`), INDEX \`IDX_20d78b0de44d6a04036df62479\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`grievances\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`name\` varchar(100) NOT NULL, \`email\` varchar(254) NOT NULL, \`rollNo\` varchar(40) NOT NULL, \`subject\` varchar(200) NOT NULL, \`grievanceType\` enum ('misconduct-complaint', 'user-experience', 'billing-payment', 'communication-support', 'administrative-issues', 'technical-issues', 'other') NOT NULL, \`category\` enum ('academic', 'administrative', 'facilities', 'harassment', 'disciplinary', 'other') NOT NULL, \`dateOfIncident\` date NOT NULL, \`description\` text NOT NULL, \`priority\` enum ('high', 'medium', 'low') NOT NULL DEFAULT 'medium', \`status\` enum ('pending', 'in-progress', 'resolved', 'rejected') NOT NULL DEFAULT 'pending', \`mentorComments\` text NOT NULL, \`adminComments\` text NOT NULL, \`resolution\` text NOT NULL, \`resolvedAt\` datetime(6) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_020641861cb3d75f516eaa3c78\` (\`status\`), INDEX \`IDX_9e65bea727ef8ab3af253c7ddb\` (\`createdAt\`), INDEX \`IDX_b9b0d0eeb32597c6c1195aa295\` (\`menteeId\`, \`status\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`groups\` (\`id\` varchar(36) NOT NULL, \`name\` varchar(100) NOT NULL, \`description\` text NOT NULL, \`color\` varchar(7) NOT NULL DEFAULT '#3B82F6', \`mentorId\` varchar(36) NOT NULL, \`archivedAt\` datetime(6) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_d3e29591390166161197187999\` (\`mentorId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`leave_requests\` (\`id\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, \`leaveType\` enum ('sick', 'casual', 'emergency', 'vacation') NOT NULL, \`startDate\` date NOT NULL, \`endDate\` date NOT NULL, \`daysCount\` int NOT NULL, \`reason\` text NOT NULL, \`status\` enum ('pending', 'approved', 'rejected') NOT NULL DEFAULT 'pending', \`approvedById\` varchar(36) NULL, \`decidedAt\` datetime(6) NULL, \`mentorComments\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_a9cc5df6df50aed58f4d84aa4f\` (\`status\`), INDEX \`IDX_110fb73ef18e3200a4635f09da\` (\`createdAt\`), INDEX \`IDX_320f9c37c39a464e5126c13f4a\` (\`menteeId\`, \`status\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`messages\` (\`id\` varchar(36) NOT NULL, \`conversationType\` enum ('group', 'individual') NOT NULL, \`conversationKey\` varchar(80) NOT NULL, \`senderId\` varchar(36) NOT NULL, \`content\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_fb5ea9fca5dbe100556ccb01bb\` (\`conversationType\`, \`conversationKey\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`admin_profiles\` (\`id\` varchar(36) NOT NULL, \`department\` varchar(100) NOT NULL DEFAULT 'Administration', \`position\` varchar(100) NOT NULL DEFAULT 'System Administrator', \`employeeId\` varchar(40) NOT NULL, UNIQUE INDEX \`IDX_ea4d76e28fe8912aed14f3fea3\` (\`employeeId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`group_members\` (\`groupId\` varchar(36) NOT NULL, \`menteeId\` varchar(36) NOT NULL, INDEX \`IDX_1aa8d31831c3126947e7a713c2\` (\`groupId\`), INDEX \`IDX_21c38d31ec9dd214984c05c8e7\` (\`menteeId\`), PRIMARY KEY (\`groupId\`, \`menteeId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`announcements\` ADD CONSTRAINT \`FK_92d72877cc8c092c83f37c62752\` FOREIGN KEY (\`authorId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`announcement_comments\` ADD CONSTRAINT \`FK_2da728a8f3e2d5f4108e0ef9124\` FOREIGN KEY (\`announcementId\`) REFERENCES \`announcements\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`announcement_comments\` ADD CONSTRAINT \`FK_9c76376270e650844ce53ca672c\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`announcement_likes\` ADD CONSTRAINT \`FK_731a70928d6e41917376c41f1c1\` FOREIGN KEY (\`announcementId\`) REFERENCES \`announcements\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`announcement_likes\` ADD CONSTRAINT \`FK_80fb38d4de29dc45c38a8b1b4ec\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`mentor_profiles\` ADD CONSTRAINT \`FK_e903fcb76451c2b21ce24565683\` FOREIGN KEY (\`id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`mentee_profiles\` ADD CONSTRAINT \`FK_7cafa738d83d25d0ca42f10c65b\` FOREIGN KEY (\`id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`mentee_profiles\` ADD CONSTRAINT \`FK_50f3ee3b41e85d7128f14de3b63\` FOREIGN KEY (\`mentorId\`) REFERENCES \`mentor_profiles\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` ADD CONSTRAINT \`FK_f0040572528abdb06afccf5cea9\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`grievances\` ADD CONSTRAINT \`FK_80fb5c8e37958847286cb18b5cb\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`groups\` ADD CONSTRAINT \`FK_d3e29591390166161197187999b\` FOREIGN KEY (\`mentorId\`) REFERENCES \`mentor_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` ADD CONSTRAINT \`FK_e2c81e2db7b371ccee28d2e6c27\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` ADD CONSTRAINT \`FK_7db9acba337a488517af94b4998\` FOREIGN KEY (\`approvedById\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`messages\` ADD CONSTRAINT \`FK_2db9cf2b3ca111742793f6c37ce\` FOREIGN KEY (\`senderId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`admin_profiles\` ADD CONSTRAINT \`FK_89c52edc2b9c2178f1acd127f3a\` FOREIGN KEY (\`id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`group_members\` ADD CONSTRAINT \`FK_1aa8d31831c3126947e7a713c2b\` FOREIGN KEY (\`groupId\`) REFERENCES \`groups\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE \`group_members\` ADD CONSTRAINT \`FK_21c38d31ec9dd214984c05c8e7a\` FOREIGN KEY (\`menteeId\`) REFERENCES \`mentee_profiles\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`group_members\` DROP FOREIGN KEY \`FK_21c38d31ec9dd214984c05c8e7a\``);
        await queryRunner.query(`ALTER TABLE \`group_members\` DROP FOREIGN KEY \`FK_1aa8d31831c3126947e7a713c2b\``);
        await queryRunner.query(`ALTER TABLE \`admin_profiles\` DROP FOREIGN KEY \`FK_89c52edc2b9c2178f1acd127f3a\``);
        await queryRunner.query(`ALTER TABLE \`messages\` DROP FOREIGN KEY \`FK_2db9cf2b3ca111742793f6c37ce\``);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` DROP FOREIGN KEY \`FK_7db9acba337a488517af94b4998\``);
        await queryRunner.query(`ALTER TABLE \`leave_requests\` DROP FOREIGN KEY \`FK_e2c81e2db7b371ccee28d2e6c27\``);
        await queryRunner.query(`ALTER TABLE \`groups\` DROP FOREIGN KEY \`FK_d3e29591390166161197187999b\``);
        await queryRunner.query(`ALTER TABLE \`grievances\` DROP FOREIGN KEY \`FK_80fb5c8e37958847286cb18b5cb\``);
        await queryRunner.query(`ALTER TABLE \`attendance_records\` DROP FOREIGN KEY \`FK_f0040572528abdb06afccf5cea9\``);
        await queryRunner.query(`ALTER TABLE \`mentee_profiles\` DROP FOREIGN KEY \`FK_50f3ee3b41e85d7128f14de3b63\``);
        await queryRunner.query(`ALTER TABLE \`mentee_profiles\` DROP FOREIGN KEY \`FK_7cafa738d83d25d0ca42f10c65b\``);
        await queryRunner.query(`ALTER TABLE \`mentor_profiles\` DROP FOREIGN KEY \`FK_e903fcb76451c2b21ce24565683\``);
        await queryRunner.query(`ALTER TABLE \`announcement_likes\` DROP FOREIGN KEY \`FK_80fb38d4de29dc45c38a8b1b4ec\``);
        await queryRunner.query(`ALTER TABLE \`announcement_likes\` DROP FOREIGN KEY \`FK_731a70928d6e41917376c41f1c1\``);
        await queryRunner.query(`ALTER TABLE \`announcement_comments\` DROP FOREIGN KEY \`FK_9c76376270e650844ce53ca672c\``);
        await queryRunner.query(`ALTER TABLE \`announcement_comments\` DROP FOREIGN KEY \`FK_2da728a8f3e2d5f4108e0ef9124\``);
        await queryRunner.query(`ALTER TABLE \`announcements\` DROP FOREIGN KEY \`FK_92d72877cc8c092c83f37c62752\``);
        await queryRunner.query(`DROP INDEX \`IDX_21c38d31ec9dd214984c05c8e7\` ON \`group_members\``);
        await queryRunner.query(`DROP INDEX \`IDX_1aa8d31831c3126947e7a713c2\` ON \`group_members\``);
        await queryRunner.query(`DROP TABLE \`group_members\``);
        await queryRunner.query(`DROP INDEX \`IDX_ea4d76e28fe8912aed14f3fea3\` ON \`admin_profiles\``);
        await queryRunner.query(`DROP TABLE \`admin_profiles\``);
        await queryRunner.query(`DROP INDEX \`IDX_fb5ea9fca5dbe100556ccb01bb\` ON \`messages\``);
        await queryRunner.query(`DROP TABLE \`messages\``);
        await queryRunner.query(`DROP INDEX \`IDX_320f9c37c39a464e5126c13f4a\` ON \`leave_requests\``);
        await queryRunner.query(`DROP INDEX \`IDX_110fb73ef18e3200a4635f09da\` ON \`leave_requests\``);
        await queryRunner.query(`DROP INDEX \`IDX_a9cc5df6df50aed58f4d84aa4f\` ON \`leave_requests\``);
        await queryRunner.query(`DROP TABLE \`leave_requests\``);
        await queryRunner.query(`DROP INDEX \`IDX_d3e29591390166161197187999\` ON \`groups\``);
        await queryRunner.query(`DROP TABLE \`groups\``);
        await queryRunner.query(`DROP INDEX \`IDX_b9b0d0eeb32597c6c1195aa295\` ON \`grievances\``);
        await queryRunner.query(`DROP INDEX \`IDX_9e65bea727ef8ab3af253c7ddb\` ON \`grievances\``);
        await queryRunner.query(`DROP INDEX \`IDX_020641861cb3d75f516eaa3c78\` ON \`grievances\``);
        await queryRunner.query(`DROP TABLE \`grievances\``);
        await queryRunner.query(`DROP INDEX \`IDX_20d78b0de44d6a04036df62479\` ON \`audit_entries\``);
        await queryRunner.query(`DROP INDEX \`IDX_6b89e0b7daba4c6872b36125fc\` ON \`audit_entries\``);
        await queryRunner.query(`DROP INDEX \`IDX_7064857330342779b2bbd4584c\` ON \`audit_entries\``);
        await queryRunner.query(`DROP INDEX \`IDX_a8456bc89d026672de07047358\` ON \`audit_entries\``);
        await queryRunner.query(`DROP TABLE \`audit_entries\``);
        await queryRunner.query(`DROP INDEX \`IDX_25dc0d77a801f3928def75be25\` ON \`attendance_records\``);
        await queryRunner.query(`DROP INDEX \`IDX_9fb6ef15f899489af7e47b6c83\` ON \`attendance_records\``);
        await queryRunner.query(`DROP TABLE \`attendance_records\``);
        await queryRunner.query(`DROP INDEX \`IDX_af142c6d898d06d3f2686dd27a\` ON \`mentee_profiles\``);
        await queryRunner.query(`DROP INDEX \`IDX_50f3ee3b41e85d7128f14de3b6\` ON \`mentee_profiles\``);
        await queryRunner.query(`DROP INDEX \`IDX_3267efd85f9fb79818306a1c23\` ON \`mentee_profiles\``);
        await queryRunner.query(`DROP TABLE \`mentee_profiles\``);
        await queryRunner.query(`DROP INDEX \`IDX_0b775a1e173a465718b994dcee\` ON \`mentor_profiles\``);
        await queryRunner.query(`DROP TABLE \`mentor_profiles\``);
        await queryRunner.query(`DROP INDEX \`IDX_a1d9487b7cb2b6cd2b7e5ea4d8\` ON \`announcement_likes\``);
        await queryRunner.query(`DROP TABLE \`announcement_likes\``);
        await queryRunner.query(`DROP INDEX \`IDX_2da728a8f3e2d5f4108e0ef912\` ON \`announcement_comments\``);
        await queryRunner.query(`DROP TABLE \`announcement_comments\``);
        await queryRunner.query(`DROP INDEX \`IDX_c6c63fdba98f637c468bdedaf5\` ON \`announcements\``);
        await queryRunner.query(`DROP INDEX \`IDX_92d72877cc8c092c83f37c6275\` ON \`announcements\``);
        await queryRunner.query(`DROP TABLE \`announcements\``);
        await queryRunner.query(`DROP INDEX \`IDX_204e9b624861ff4a5b26819210\` ON \`users\``);
        await queryRunner.query(`DROP INDEX \`IDX_ace513fa30d485cfd25c11a9e4\` ON \`users\``);
        await queryRunner.query(`DROP INDEX \`IDX_4b2bf18167e94dce386d714c67\` ON \`users\``);
        await queryRunner.query(`DROP INDEX \`IDX_97672ac88f789774dd47f7c8be\` ON \`users\``);
        await queryRunner.query(`DROP TABLE \`users\``);
    }

}
