import { Column, Entity, Index } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { DISCLOSED_RECORDS, ROLES, type DisclosedRecord, type Role } from '@portal/contracts';
import { CreatedAt, UuidPk, Varchar } from '../../common/columns';

/**
 * One staff view of a student's sensitive record (the disclosure log). A list load is one row without a student,
 * naming how many it showed. People are copied by name, without foreign keys: the log outlives accounts.
 */
@Entity('disclosures')
@Index(['menteeId', 'createdAt'])
export class Disclosure {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) viewerId: string;
  @Varchar(100) viewerName: string;
  @Column({ type: 'simple-enum', enum: ROLES }) viewerRole: Role;
  /** Null for a list load, and for a grievance whose student's name is withheld from the viewer. */
  @Column({ type: 'varchar', length: 36, nullable: true }) menteeId: string | null;
  @Column({ type: 'simple-enum', enum: DISCLOSED_RECORDS }) record: DisclosedRecord;
  @Column({ type: 'varchar', length: 36, nullable: true }) recordId: string | null;
  @Column({ type: 'simple-json' }) fields: string[];
  @Column({ type: 'int', default: 1 }) students: number;
  /** A safeguarding lead's read: shown to admins, not to the student. */
  @Column({ type: 'boolean', default: false }) safeguarding: boolean;
  @Index() @CreatedAt() createdAt: Date;
}
