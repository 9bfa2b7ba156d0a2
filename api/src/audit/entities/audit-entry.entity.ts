import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, Varchar, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';

/** Who changed whose data, and how. Never holds passwords or tokens. */
@Entity('audit_entries')
export class AuditEntry {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36, nullable: true }) actorId: string | null;
  @Varchar(254) actorEmail: string;
  @Index() @Varchar(40) action: string;
  @Varchar(40) targetType: string;
  @Index() @Column({ type: 'varchar', length: 36, nullable: true }) targetId: string | null;
  @Varchar(254, { default: '' }) targetLabel: string;
  @Column({ type: 'simple-json' }) changes: Record<string, { from: unknown; to: unknown }>;
  @Index() @CreatedAt() createdAt: Date;
}
