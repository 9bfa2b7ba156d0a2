import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { DateTimeColumn, UuidPk, Varchar } from '../../common/columns';
import { MenteeProfile } from './mentee-profile.entity';

/**
 * A mentee gaining (+1) or losing (-1) a mentor. The pairs of a past moment are today's minus the changes since, so
 * the analytics compare periods without a snapshot job; a switch between mentors changes no count and is not kept.
 */
@Entity('pairing_changes')
export class PairingChange {
  @UuidPk() id: string = randomUUID();
  @Index() @Varchar(36) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @Column({ type: 'int' }) delta: number;
  @Index() @DateTimeColumn() at: Date;
}
