import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { CreatedAt, DateTimeColumn, TextColumn, UpdatedAt, Varchar, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';
import { MentorProfile } from '../../users/entities/mentor-profile.entity';

@Entity('groups')
export class Group {
  @UuidPk() id: string = randomUUID();
  @Varchar(100) name: string;
  @TextColumn() description: string;
  @Varchar(7, { default: '#3B82F6' }) color: string;
  @Index() @Column({ type: 'varchar', length: 36 }) mentorId: string;
  @ManyToOne(() => MentorProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'mentorId' }) mentor?: MentorProfile;
  @ManyToMany(() => MenteeProfile)
  @JoinTable({ name: 'group_members', joinColumn: { name: 'groupId' }, inverseJoinColumn: { name: 'menteeId' } })
  mentees?: MenteeProfile[];
  /** Archived groups keep their history but leave every list. */
  @DateTimeColumn({ nullable: true }) archivedAt: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
