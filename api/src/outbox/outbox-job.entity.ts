import { randomUUID } from 'node:crypto';
import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, DateTimeColumn, TextColumn, UpdatedAt, UuidPk, Varchar } from '../common/columns';

export const OUTBOX_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Work to do after a change, written in the change's transaction (so it exists exactly when the change does) and run
 * by the outbox worker. A claimed job is `running` under a lock token until `leaseUntil`: a job whose instance
 * crashed is claimed again once its lease has passed.
 */
@Entity('outbox_jobs')
// The worker's question: due pending jobs, and running ones whose lease has passed.
@Index(['status', 'runAfter'])
export class OutboxJob {
  @UuidPk() id: string = randomUUID();
  @Varchar(60) kind: string;
  @Column({ type: 'simple-json', nullable: true }) payload: Record<string, unknown> | null;
  @Column({ type: 'simple-enum', enum: OUTBOX_STATUSES, default: 'pending' }) status: OutboxStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @DateTimeColumn() runAfter: Date;
  @Varchar(36, { nullable: true }) lockToken: string | null;
  @DateTimeColumn({ nullable: true }) leaseUntil: Date | null;
  @TextColumn({ nullable: true }) lastError: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
