import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { RemoteVersion } from './remote-version.entity';
import { entriesInForce, type RemoteEntries } from './registry';

/**
 * How often an instance reads the registry again: a `set` or `rollback` (which writes the database, not this process)
 * reaches /remotes.json, the Content-Security-Policy and /sw.js of every instance within this time and one read.
 */
export const REMOTES_REFRESH_MS = 5_000;

/**
 * The remote registry as the API reads it: which URL serves each remote now, and each one's history. Requests never
 * wait for the database here: they get the entries last read (read once before the API answers anything), and a read
 * older than REMOTES_REFRESH_MS starts the next one. A failed read keeps the last entries (the database being down
 * must not take the pages' headers with it).
 */
@Injectable()
export class RemotesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RemotesService.name);
  private current: RemoteEntries;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;

  constructor(
    @InjectRepository(RemoteVersion) private readonly versions: Repository<RemoteVersion>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.current = { ...config.remotes };
  }

  onApplicationBootstrap(): Promise<void> {
    return this.refresh();
  }

  /** The entries in force (as last read). */
  entries(): RemoteEntries {
    if (this.clock.now().getTime() - this.readAt >= REMOTES_REFRESH_MS) void this.refresh();
    return this.current;
  }

  /** Reads the registry now (one read at a time); answers once it is read or has failed. */
  refresh(): Promise<void> {
    this.reading ??= this.versions
      .find()
      .then((rows) => {
        this.current = entriesInForce(this.config.remotes, rows);
      })
      .catch((e: unknown) => this.logger.warn(`Remote registry not read, keeping the last entries: ${String(e)}`))
      .finally(() => {
        this.readAt = this.clock.now().getTime();
        this.reading = null;
      });
    return this.reading;
  }

  /** Every deployment, newest first (the admin's Deployments page). */
  history(): Promise<RemoteVersion[]> {
    return this.versions.find({ order: { createdAt: 'DESC' } });
  }
}
