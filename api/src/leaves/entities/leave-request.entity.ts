import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { LEAVE_STATUSES, LEAVE_TYPES, type LeaveStatus, type LeaveType } from '@portal/contracts';
import { CreatedAt, DateOnlyColumn, DateTimeColumn, TextColumn, UpdatedAt, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';
import { User } from '../../users/entities/user.entity';

@Entity('leave_requests')
@Index(['menteeId', 'status'])
export class LeaveRequest {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @Column({ type: 'simple-enum', enum: LEAVE_TYPES }) leaveType: LeaveType;
  @DateOnlyColumn() startDate: string;
  @DateOnlyColumn() endDate: string;
  @Column({ type: 'int' }) daysCount: number;
  @TextColumn() reason: string;
  @Index() @Column({ type: 'simple-enum', enum: LEAVE_STATUSES, default: 'pending' }) status: LeaveStatus;
  @Column({ type: 'varchar', length: 36, nullable: true }) approvedById: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'approvedById' })
  approvedBy?: User | null;
  /** A guardian who filed it for their child; null: the student did. */
  @Column({ type: 'varchar', length: 36, nullable: true }) filedById: string | null = null;
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'filedById' })
  filedBy?: User | null;
  @DateTimeColumn({ nullable: true }) decidedAt: Date | null;
  @DateTimeColumn({ nullable: true }) cancelledAt: Date | null;
  @TextColumn() mentorComments: string;
  @Index() @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
