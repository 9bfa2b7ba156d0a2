import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@portal/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { DateOnlyColumn, UpdatedAt, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';

/** One mentee on one school day; no row means unmarked. */
@Entity('attendance_records')
@Index(['menteeId', 'date'], { unique: true })
// Covering indexes (status included): summaries, histories and the day and month views read the index, never the rows.
// Named: TypeORM's generated name hashes the sorted column list, so the two would collide.
@Index('IDX_attendance_mentee_date_status', ['menteeId', 'date', 'status'])
@Index('IDX_attendance_date_mentee_status', ['date', 'menteeId', 'status'])
export class AttendanceRecord {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @DateOnlyColumn() date: string;
  @Column({ type: 'simple-enum', enum: ATTENDANCE_STATUSES }) status: AttendanceStatus;
  @Column({ type: 'varchar', length: 36, nullable: true }) markedById: string | null;
  /** Why a student on approved leave that day was marked something else (kept with the record). */
  @Column({ type: 'varchar', length: 500, nullable: true }) overrideReason: string | null;
  /** The approved leave that made this day 'leave' (reconciliation), and what the day was before (null: unmarked). */
  @Index() @Column({ type: 'varchar', length: 36, nullable: true }) leaveId: string | null;
  @Column({ type: 'simple-enum', enum: ATTENDANCE_STATUSES, nullable: true }) previousStatus: AttendanceStatus | null;
  @UpdatedAt() updatedAt: Date;
}
