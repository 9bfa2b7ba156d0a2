import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import {
  GRIEVANCE_CATEGORIES,
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
  @Column({ type: 'varchar', length: 36 }) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
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
}

/** The comment thread on a grievance: visible to the mentee, their mentor and admins. */
@Entity('grievance_comments')
export class GrievanceComment {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36 }) grievanceId: string;
  @ManyToOne(() => Grievance, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'grievanceId' }) grievance?: Grievance;
  @Column({ type: 'varchar', length: 36 }) authorId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'authorId' }) author?: User;
  @TextColumn() content: string;
  @CreatedAt() createdAt: Date;
}
