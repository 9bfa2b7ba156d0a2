import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_EVENT_KINDS,
  ROLES,
  type GrievanceEventKind,
  type Role,
  GRIEVANCE_PRIORITIES,
  GRIEVANCE_STATUSES,
  GRIEVANCE_TYPES,
  type GrievanceCategory,
  type GrievancePriority,
  type GrievanceStatus,
  type GrievanceType,
} from '@portal/contracts';
import {
  CreatedAt,
  DateOnlyColumn,
  DateTimeColumn,
  TextColumn,
  UpdatedAt,
  Varchar,
  UuidPk,
} from '../../common/columns';
import { randomUUID } from 'node:crypto';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';
import { User } from '../../users/entities/user.entity';

@Entity('grievances')
@Index(['menteeId', 'status'])
export class Grievance {
  @UuidPk() id: string = randomUUID();
  /** Null once the student is erased while the grievance is open: a legal hold keeps it, with the name as filed. */
  @Column({ type: 'varchar', length: 36, nullable: true }) menteeId: string | null;
  @ManyToOne(() => MenteeProfile, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @Varchar(100) name: string;
  @Varchar(254) email: string;
  @Varchar(40) rollNo: string;
  @Varchar(200) subject: string;
  @Column({ type: 'simple-enum', enum: GRIEVANCE_TYPES }) grievanceType: GrievanceType;
  @Column({ type: 'simple-enum', enum: GRIEVANCE_CATEGORIES }) category: GrievanceCategory;
  @DateOnlyColumn() dateOfIncident: string;
  @TextColumn() description: string;
  @Column({ type: 'simple-enum', enum: GRIEVANCE_PRIORITIES, default: 'medium' }) priority: GrievancePriority;
  @Index() @Column({ type: 'simple-enum', enum: GRIEVANCE_STATUSES, default: 'pending' }) status: GrievanceStatus;
  @TextColumn() mentorComments: string;
  @TextColumn() adminComments: string;
  @TextColumn() resolution: string;
  @DateTimeColumn({ nullable: true }) resolvedAt: Date | null;
  @Index() @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  /** GRV-<year>-<6 digits> from grievance_ticket_counters; null only until assigned (rows older than tickets). */
  @Index({ unique: true }) @Varchar(20, { nullable: true }) ticketNumber: string | null;
  /** Administrators only: the mentee's mentor never sees it (isConfidentialGrievance; never cleared once set). */
  @Index() @Column({ type: 'boolean', default: false }) confidential: boolean;
  @Column({ type: 'boolean', default: false }) aboutMentor: boolean;
  @Column({ type: 'boolean', default: false }) nameWithheld: boolean;
  @DateTimeColumn({ nullable: true }) identityRevealedAt: Date | null;
  @Index() @DateTimeColumn({ nullable: true }) deadlineAt: Date | null;
  @DateTimeColumn({ nullable: true }) escalatedAt: Date | null;
  @DateTimeColumn({ nullable: true }) confirmedAt: Date | null;
  @DateTimeColumn({ nullable: true }) reopenedAt: Date | null;
}

/** The last ticket number given out in each year: bumped in the filing transaction, so numbers never repeat. */
@Entity('grievance_ticket_counters')
export class GrievanceTicketCounter {
  @PrimaryColumn({ type: 'int' }) year: number;
  @Column({ type: 'int' }) lastNumber: number;
}

/** School days each priority may stay open: one row (id 1), absent until an admin first saves (defaults apply). */
@Entity('grievance_settings')
export class GrievanceSettings {
  @PrimaryColumn({ type: 'int' }) id: number = 1;
  @Column({ type: 'int' }) urgentDays: number;
  @Column({ type: 'int' }) highDays: number;
  @Column({ type: 'int' }) mediumDays: number;
  @Column({ type: 'int' }) lowDays: number;
  @UpdatedAt() updatedAt: Date;
}

/**
 * A grievance's timeline, shown to the student: filing, status changes, comments, staff views (one per person and
 * day: viewDay), reveals, escalation, priority and category changes, the student's answer.
 */
@Entity('grievance_events')
@Index(['grievanceId', 'actorId', 'viewDay'], { unique: true })
export class GrievanceEvent {
  /** Increasing: the timeline's order (lines of one moment keep the order they were written in). */
  @PrimaryGeneratedColumn({ type: 'int' }) id: number;
  @Index() @Column({ type: 'varchar', length: 36 }) grievanceId: string;
  @ManyToOne(() => Grievance, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'grievanceId' }) grievance?: Grievance;
  @Column({ type: 'simple-enum', enum: GRIEVANCE_EVENT_KINDS }) kind: GrievanceEventKind;
  /** Not a foreign key: the line stays when the account goes (its name was copied). */
  @Column({ type: 'varchar', length: 36, nullable: true }) actorId: string | null;
  @Column({ type: 'simple-enum', enum: ROLES, nullable: true }) actorRole: Role | null;
  @Varchar(100) actorName: string;
  @Varchar(1000) detail: string;
  /** YYYY-MM-DD for 'viewed' lines (the unique index keeps one per staff member per day), else null. */
  @Varchar(10, { nullable: true }) viewDay: string | null;
  @CreatedAt() createdAt: Date;
}

/** The comment thread on a grievance: visible to the mentee, their mentor and admins. */
@Entity('grievance_comments')
export class GrievanceComment {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36 }) grievanceId: string;
  @ManyToOne(() => Grievance, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'grievanceId' }) grievance?: Grievance;
  /** Null for an erased student's comment on a grievance a legal hold keeps. */
  @Column({ type: 'varchar', length: 36, nullable: true }) authorId: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'authorId' }) author?: User;
  @TextColumn() content: string;
  @CreatedAt() createdAt: Date;
}
