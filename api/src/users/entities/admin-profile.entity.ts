import { Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Varchar } from '../../common/columns';
import { User } from './user.entity';

/** Profiles share their user's id as primary key: a profile _id is the user's id. */
@Entity('admin_profiles')
export class AdminProfile {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'id' }) user?: User;
  @Varchar(100, { default: 'Administration' }) department: string;
  @Varchar(100, { default: 'System Administrator' }) position: string;
  @Index({ unique: true }) @Varchar(40) employeeId: string;
}
