import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RetentionKind } from '@portal/contracts';
import { DateOnlyColumn, DateTimeColumn, UpdatedAt } from '../../common/columns';

/** A period the school set for one kind of record (days; null: kept). Kinds without a row use RETENTION_DEFAULTS. */
@Entity('retention_periods')
export class RetentionPeriod {
  @PrimaryColumn({ type: 'varchar', length: 40 }) kind: RetentionKind;
  @Column({ type: 'int', nullable: true }) days: number | null;
  @UpdatedAt() updatedAt: Date;
}

/** The one row that says when the daily purge last ran: claimed by a conditional update, so it runs once a day. */
@Entity('retention_state')
export class RetentionState {
  @PrimaryColumn({ type: 'int' }) id: number;
  @DateOnlyColumn({ nullable: true }) lastPurgeOn: string | null;
  @DateTimeColumn({ nullable: true }) lastPurgeAt: Date | null;
}
