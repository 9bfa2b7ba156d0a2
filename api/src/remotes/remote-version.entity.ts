import { Column, Entity, Index } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { CreatedAt, DateTimeColumn, Varchar, UuidPk } from '../common/columns';

/**
 * One deployment of a remote: the URL of its remoteEntry.js, set by `npm run remotes -- set`. The remote's current
 * entry is its newest row not rolled back; a rollback marks that row, and the one before it (or REMOTE_URLS) serves.
 */
@Entity('remote_versions')
@Index('IDX_remote_versions_remote_created', ['remote', 'createdAt'])
export class RemoteVersion {
  @UuidPk() id: string = randomUUID();
  @Varchar(40) remote: string;
  @Varchar(1000) entry: string;
  /** The remote's version.json as read beside its entry when it was set (null when it could not be read). */
  @Column({ type: 'simple-json', nullable: true }) version: Record<string, unknown> | null;
  /** Who ran the command: the operating-system user and host. */
  @Varchar(254) setBy: string;
  @CreatedAt() createdAt: Date;
  @DateTimeColumn({ nullable: true }) rolledBackAt: Date | null;
}
