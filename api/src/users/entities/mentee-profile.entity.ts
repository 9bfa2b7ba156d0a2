import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import type { BloodGroup, ParentInfo } from '@portal/contracts';
import { DateOnlyColumn, DateTimeColumn, TextColumn, Varchar } from '../../common/columns';
import { MentorProfile } from './mentor-profile.entity';
import { User } from './user.entity';

@Entity('mentee_profiles')
@Index(['className', 'section'])
export class MenteeProfile {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'id' }) user?: User;
  @Index({ unique: true }) @Varchar(40) studentId: string;
  @Varchar(20, { name: 'class' }) className: string;
  @Varchar(10) section: string;
  @Varchar(20, { default: '' }) academicYear: string;
  @DateOnlyColumn({ nullable: true }) dateOfBirth: string | null;
  @TextColumn() address: string;
  @Varchar(3, { nullable: true }) bloodGroup: BloodGroup | null;
  @TextColumn() medicalConditions: string;
  @Column({ type: 'simple-json' }) hobbies: string[];
  @Column({ type: 'simple-json' }) parentInfo: ParentInfo;
  @Index() @Column({ type: 'varchar', length: 36, nullable: true }) mentorId: string | null;
  @ManyToOne(() => MentorProfile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'mentorId' })
  mentor?: MentorProfile | null;
  /** When the current mentor was assigned (null: before this was recorded, or no mentor): "no contact" counts from it. */
  @DateTimeColumn({ nullable: true }) mentorAssignedAt: Date | null;
}
