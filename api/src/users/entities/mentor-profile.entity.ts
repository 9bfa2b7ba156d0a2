import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { TextColumn, Varchar } from '../../common/columns';
import { User } from './user.entity';

@Entity('mentor_profiles')
export class MentorProfile {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'id' }) user?: User;
  @Index({ unique: true }) @Varchar(40) employeeId: string;
  @Varchar(100) department: string;
  @Column({ type: 'simple-json' }) subjects: string[];
  @TextColumn() qualifications: string;
  @TextColumn() citations: string;
  @Column({ type: 'int', default: 0 }) experience: number;
  @Varchar(100, { default: '' }) officeHours: string;
}
