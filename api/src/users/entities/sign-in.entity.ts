import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { DateTimeColumn, UuidPk, Varchar } from '../../common/columns';
import { User } from './user.entity';

/** Every sign-in, so the analytics can tell who signed in during any past period (lastLogin keeps only the latest). */
@Entity('sign_ins')
@Index(['at', 'userId'])
export class SignIn {
  @UuidPk() id: string = randomUUID();
  @Varchar(36) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @DateTimeColumn() at: Date;
}
