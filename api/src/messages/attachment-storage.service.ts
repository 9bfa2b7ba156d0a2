import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DataSource,
  In,
  MoreThanOrEqual,
  type EntityManager,
  type EntitySubscriberInterface,
  type FindOptionsWhere,
  type QueryRunner,
  type Repository,
} from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Attachment } from './entities/message.entity';

const DAY_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Where attachment files live (DATA_DIR/uploads) and when they go: with their rows (conversation deleted for everyone,
 * account deleted; the files after the transaction commits), unsent ones after a day, and any file whose row is gone
 * by the hourly sweep, so none is missed even if the process stopped between a commit and an unlink.
 */
@Injectable()
export class AttachmentStorage implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Attachments');
  private readonly afterCommit = new WeakMap<QueryRunner, string[]>();
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Attachment) private readonly attachments: Repository<Attachment>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get dir(): string {
    return join(this.config.dataDir, 'uploads');
  }

  onModuleInit(): void {
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive) return;
        const names = this.afterCommit.get(queryRunner);
        this.afterCommit.delete(queryRunner);
        // Returned, so the commit (and the answer) waits for the files to go; unlinkAll never rejects.
        return names ? this.unlinkAll(names) : undefined;
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.afterCommit.delete(queryRunner);
      },
    };
    this.db.subscribers.push(subscriber);
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async write(storageName: string, buffer: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, storageName), buffer, { mode: 0o600 });
  }

  /** What the user uploaded in the last 24 hours: how many files and bytes. */
  async usedToday(uploaderId: string): Promise<{ count: number; bytes: number }> {
    const row = await this.attachments
      .createQueryBuilder('a')
      .select('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(a.size), 0)', 'bytes')
      .where({ uploaderId, createdAt: MoreThanOrEqual(new Date(Date.now() - DAY_MS)) })
      .getRawOne<{ count: string | number; bytes: string | number }>();
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /** Deletes the matching attachment rows in the caller's transaction; their files go once it commits. */
  async removeWithRows(
    tx: EntityManager,
    where: FindOptionsWhere<Attachment> | FindOptionsWhere<Attachment>[],
  ): Promise<number> {
    const rows = await tx.find(Attachment, { where, select: { id: true, storageName: true } });
    if (!rows.length) return 0;
    await tx.delete(Attachment, { id: In(rows.map((r) => r.id)) });
    const names = rows.map((r) => r.storageName);
    const runner = tx.queryRunner;
    if (runner?.isTransactionActive) this.afterCommit.set(runner, [...(this.afterCommit.get(runner) ?? []), ...names]);
    else await this.unlinkAll(names);
    return rows.length;
  }

  /** Attachments uploaded more than a day ago and never sent: rows and files. Returns how many went. */
  async removeUnsent(): Promise<number> {
    const unsent = 'NOT EXISTS (SELECT 1 FROM messages m WHERE m.attachmentId = a.id)';
    const stale = await this.attachments
      .createQueryBuilder('a')
      .select(['a.id', 'a.storageName'])
      .where('a.createdAt < :cutoff', { cutoff: new Date(Date.now() - DAY_MS) })
      .andWhere(unsent)
      .getMany();
    if (!stale.length) return 0;
    const ids = stale.map((a) => a.id);
    // Checked again in the delete: one sent meanwhile keeps its row and file.
    await this.db
      .createQueryBuilder()
      .delete()
      .from(Attachment)
      .where('id IN (:...ids)', { ids })
      .andWhere(unsent.replace('a.id', 'attachments.id'))
      .execute();
    const kept = new Set((await this.attachments.findBy({ id: In(ids) })).map((a) => a.id));
    const gone = stale.filter((a) => !kept.has(a.id));
    await this.unlinkAll(gone.map((a) => a.storageName));
    return gone.length;
  }

  /** Removes unsent attachments and files whose rows are gone (older than an hour, so an upload in flight stays). */
  async sweep(): Promise<void> {
    try {
      await this.removeUnsent();
      const names = await readdir(this.dir).catch(() => [] as string[]);
      const known = new Set((await this.attachments.find({ select: { storageName: true } })).map((a) => a.storageName));
      const cutoff = Date.now() - SWEEP_EVERY_MS;
      for (const name of names) {
        if (known.has(name)) continue;
        const s = await stat(join(this.dir, name)).catch(() => null);
        if (s && s.mtimeMs < cutoff) await unlink(join(this.dir, name)).catch(() => undefined);
      }
    } catch (e) {
      this.logger.warn(`attachment clean-up failed: ${(e as Error).message}`);
    }
  }

  private async unlinkAll(names: string[]): Promise<void> {
    await Promise.all(names.map((n) => unlink(join(this.dir, n)).catch(() => undefined)));
  }
}
