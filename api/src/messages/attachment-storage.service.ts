import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { readdir, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DataSource,
  In,
  IsNull,
  MoreThanOrEqual,
  Not,
  type EntityManager,
  type FindOptionsWhere,
  type Repository,
} from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { AttachmentStore } from './attachment-store';
import { Attachment } from './entities/message.entity';

const DAY_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Attachment rows and their bytes (kept by the AttachmentStore every instance shares), and when they go: with their
 * rows, in the same transaction (conversation deleted for everyone, account deleted), and unsent ones after a day,
 * by an hourly sweep. Files an older version kept under DATA_DIR/uploads are moved into the store at start.
 */
@Injectable()
export class AttachmentStorage implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Attachments');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Attachment) private readonly attachments: Repository<Attachment>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: AttachmentStore,
    private readonly clock: Clock,
  ) {}

  /** Where versions before the shared store kept the files (one machine's disk). */
  get legacyDir(): string {
    return join(this.config.dataDir, 'uploads');
  }

  async onApplicationBootstrap(): Promise<void> {
    // Before the first request, so every old file this machine holds is downloadable through any instance.
    await this.importLegacyFiles().catch((e: Error) => this.logger.warn(`importing old upload files: ${e.message}`));
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** A new attachment's row and bytes, in one transaction: a failed upload leaves neither. */
  async create(attachment: Attachment, bytes: Buffer): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(Attachment, attachment);
      await this.store.put(tx, attachment.id, bytes);
    });
  }

  open(attachment: Attachment): Promise<Readable | null> {
    return this.store.open(attachment.id, attachment.size);
  }

  private dayAgo(): Date {
    return new Date(this.clock.now().getTime() - DAY_MS);
  }

  /** What the user uploaded in the last 24 hours: how many files and bytes. */
  async usedToday(uploaderId: string): Promise<{ count: number; bytes: number }> {
    const row = await this.attachments
      .createQueryBuilder('a')
      .select('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(a.size), 0)', 'bytes')
      .where({ uploaderId, createdAt: MoreThanOrEqual(this.dayAgo()) })
      .getRawOne<{ count: string | number; bytes: string | number }>();
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /** Deletes the matching attachments, rows and bytes, in the caller's transaction. */
  async removeWithRows(
    tx: EntityManager,
    where: FindOptionsWhere<Attachment> | FindOptionsWhere<Attachment>[],
  ): Promise<number> {
    const ids = (await tx.find(Attachment, { where, select: { id: true } })).map((r) => r.id);
    if (!ids.length) return 0;
    await this.store.remove(tx, ids);
    await tx.delete(Attachment, { id: In(ids) });
    return ids.length;
  }

  /** Attachments uploaded more than a day ago and never sent: rows and bytes. Returns how many went. */
  async removeUnsent(): Promise<number> {
    // A kept chat's files are not unsent: they go when it is purged.
    const unsent = 'keptChatId IS NULL AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.attachmentId = a.id)';
    const stale = await this.attachments
      .createQueryBuilder('a')
      .select('a.id')
      .where('a.createdAt < :cutoff', { cutoff: this.dayAgo() })
      .andWhere(unsent)
      .getMany();
    if (!stale.length) return 0;
    const ids = stale.map((a) => a.id);
    return this.db.transaction(async (tx) => {
      // Checked again in the delete: one sent meanwhile keeps its row and bytes. The deleted rows stay locked until
      // commit, so no message can point at them while their bytes go.
      await tx
        .createQueryBuilder()
        .delete()
        .from(Attachment)
        .where('id IN (:...ids)', { ids })
        .andWhere(unsent.replace('a.id', 'attachments.id'))
        .execute();
      const kept = new Set((await tx.findBy(Attachment, { id: In(ids) })).map((a) => a.id));
      const gone = ids.filter((id) => !kept.has(id));
      await this.store.remove(tx, gone);
      return gone.length;
    });
  }

  /**
   * Moves files an older version kept under DATA_DIR/uploads into the store: each with its row in one transaction,
   * then off the disk. Files without a row are removed once an hour old (an upload of an old version still running
   * writes the file before the row). Rows whose file is on another machine's disk wait for that machine's start.
   */
  async importLegacyFiles(): Promise<number> {
    const names = await readdir(this.legacyDir).catch(() => null);
    if (!names) return 0;
    const present = new Set(names);
    let imported = 0;
    const legacy = await this.attachments.find({
      where: { storageName: Not(IsNull()) },
      select: { id: true, storageName: true },
    });
    for (const { id, storageName } of legacy) {
      if (!storageName || !present.has(storageName)) continue;
      present.delete(storageName);
      const file = join(this.legacyDir, storageName);
      try {
        const bytes = await readFile(file);
        const moved = await this.db.transaction(async (tx) => {
          // Claims the row first: another instance starting on the same folder imports it only once.
          const claimed = await tx.update(Attachment, { id, storageName }, { storageName: null });
          if (!claimed.affected) return false;
          await this.store.put(tx, id, bytes);
          return true;
        });
        await unlink(file).catch(() => undefined);
        if (moved) imported++;
      } catch (e) {
        this.logger.warn(`importing ${file}: ${(e as Error).message}`);
      }
    }
    const cutoff = this.clock.now().getTime() - SWEEP_EVERY_MS;
    for (const name of present) {
      const file = join(this.legacyDir, name);
      const s = await stat(file).catch(() => null);
      if (s?.isFile() && s.mtimeMs < cutoff) await unlink(file).catch(() => undefined);
    }
    // Gone once empty, so later starts and sweeps stop at the missing folder.
    await rmdir(this.legacyDir).catch(() => undefined);
    if (imported) this.logger.log(`moved ${imported} attachment file(s) from ${this.legacyDir} into the database`);
    return imported;
  }

  /** The hourly clean-up: unsent attachments, and old files (a machine still receiving them from an old version). */
  async sweep(): Promise<void> {
    try {
      await this.removeUnsent();
      await this.importLegacyFiles();
    } catch (e) {
      this.logger.warn(`attachment clean-up failed: ${(e as Error).message}`);
    }
  }
}
