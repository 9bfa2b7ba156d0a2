import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource, Repository } from 'typeorm';
import type { RemoteBuildInfo, RemoteStatusResponse, RemotesOverviewResponse } from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, REMOTE_FOLDERS, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { RemoteVersion } from './remote-version.entity';
import { entriesInForce, entryProblem, versionUrlOf } from './registry';

/** A command that cannot be carried out as asked: the message says why; nothing was changed. */
export class RemotesCommandError extends Error {}

/** How long `set` (and the Deployments page, for a default entry) waits for a remote's version.json. */
const VERSION_TIMEOUT_MS = 5_000;

/** How many of a remote's deployments the Deployments page lists. */
const DEPLOYMENTS_SHOWN = 10;

/** The fields of a version.json the Deployments page shows (the file is the remote's own: anything may be in it). */
function buildInfo(version: Record<string, unknown> | null): RemoteBuildInfo | null {
  if (!version) return null;
  const pick = (k: keyof RemoteBuildInfo) => (typeof version[k] === 'string' ? { [k]: version[k] as string } : {});
  return { ...pick('version'), ...pick('commit'), ...pick('builtAt'), ...pick('contractsVersion') };
}

/** The commands of `npm run remotes` (remotes.cli.ts): each change one transaction with its audit entry. */
@Injectable()
export class RemotesAdmin {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(RemoteVersion) private readonly versions: Repository<RemoteVersion>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Each remote: the entry in force and where it comes from, then its deployments, newest first. */
  async list(): Promise<string> {
    const rows = await this.versions.find({ order: { createdAt: 'DESC' } });
    const inForce = entriesInForce(this.config.remotes, rows);
    const lines: string[] = [];
    for (const [remote, entry] of Object.entries(inForce)) {
      const own = rows.filter((r) => r.remote === remote);
      const current = own.find((r) => !r.rolledBackAt);
      lines.push(`${remote}  ${entry}  (${current ? `set by ${current.setBy} ${iso(current.createdAt)}` : 'default'})`);
      for (const r of own) {
        const state = r === current ? 'current' : r.rolledBackAt ? `rolled back ${iso(r.rolledBackAt)}` : 'earlier';
        const version = typeof r.version?.version === 'string' ? ` v${r.version.version}` : '';
        lines.push(`  ${iso(r.createdAt)}  ${state}${version}  ${r.entry}  by ${r.setBy}`);
      }
    }
    return lines.join('\n');
  }

  /**
   * Each remote for the admin's Deployments page: the entry in force with its build (as recorded when it was set, or
   * read now for a default entry), and its latest deployments.
   */
  async overview(): Promise<RemotesOverviewResponse> {
    const rows = await this.versions.find({ order: { createdAt: 'DESC' } });
    const inForce = entriesInForce(this.config.remotes, rows);
    const remotes = await Promise.all(
      Object.entries(inForce).map(async ([remote, entry]): Promise<RemoteStatusResponse> => {
        const own = rows.filter((r) => r.remote === remote);
        const current = own.find((r) => !r.rolledBackAt);
        return {
          remote,
          entry,
          source: current ? 'registry' : 'default',
          build: buildInfo(current ? current.version : await this.readVersion(entry)),
          deployments: own.slice(0, DEPLOYMENTS_SHOWN).map((r) => ({
            entry: r.entry,
            build: buildInfo(r.version),
            setBy: r.setBy,
            createdAt: r.createdAt.toISOString(),
            rolledBackAt: iso(r.rolledBackAt),
            state: r === current ? 'current' : r.rolledBackAt ? 'rolledBack' : 'earlier',
          })),
          deploymentCount: own.length,
        };
      }),
    );
    return { remotes };
  }

  /** Serves `remote` from `entry` from now on; answers what it did, with a warning when version.json was not read. */
  async set(remote: string, entry: string, operator: string): Promise<string> {
    this.known(remote);
    const problem = entryProblem(entry);
    if (problem) throw new RemotesCommandError(`Not set: ${problem} (${entry}).`);
    const version = await this.readVersion(entry);
    const before = await this.inForce(remote);
    await this.db.transaction(async (tx) => {
      await tx.save(tx.create(RemoteVersion, { remote, entry, version, setBy: operator, createdAt: this.clock.now() }));
      await this.audit.recordOperator(
        tx,
        operator,
        'remote.set',
        { type: 'remote', id: null, label: remote },
        {
          entry: { from: before, to: entry },
        },
      );
    });
    const note = version
      ? ''
      : `\nWarning: no version.json beside it (${versionUrlOf(entry)}); the shell will refuse it.`;
    return `${remote} now served from ${entry} (was ${before}). Every instance follows within 10 s.${note}`;
  }

  /** Marks the remote's current deployment rolled back: the one before it (or the default) serves again. */
  async rollback(remote: string, operator: string): Promise<string> {
    this.known(remote);
    const live = await this.newestLive(remote);
    if (!live) throw new RemotesCommandError(`Nothing to roll back: ${remote} serves its default entry.`);
    await this.db.transaction(async (tx) => {
      live.rolledBackAt = this.clock.now();
      await tx.save(live);
      const after = entriesInForce(this.config.remotes, await tx.find(RemoteVersion, { where: { remote } }))[remote];
      await this.audit.recordOperator(
        tx,
        operator,
        'remote.rollback',
        { type: 'remote', id: null, label: remote },
        {
          entry: { from: live.entry, to: after },
        },
      );
    });
    return `${remote} rolled back: now served from ${await this.inForce(remote)}. Every instance follows within 10 s.`;
  }

  private known(remote: string): void {
    if (!(remote in this.config.remotes))
      throw new RemotesCommandError(
        `Unknown remote "${remote}": one of ${Object.keys(this.config.remotes).join(', ')}.`,
      );
  }

  private async inForce(remote: string): Promise<string> {
    return entriesInForce(this.config.remotes, await this.versions.find({ where: { remote } }))[remote];
  }

  private async newestLive(remote: string): Promise<RemoteVersion | null> {
    const rows = await this.versions.find({ where: { remote }, order: { createdAt: 'DESC' } });
    return rows.find((r) => !r.rolledBackAt) ?? null;
  }

  /** version.json beside the entry: fetched for a URL, read from the build for a remote this API serves. */
  private async readVersion(entry: string): Promise<Record<string, unknown> | null> {
    try {
      if (entry.startsWith('/')) {
        const folder = Object.values(REMOTE_FOLDERS).find((f) => entry.startsWith(`/remotes/${f}/`));
        if (!folder) return null;
        return JSON.parse(await readFile(join(this.config.webDir, folder, 'dist', 'version.json'), 'utf8'));
      }
      const res = await fetch(versionUrlOf(entry), { signal: AbortSignal.timeout(VERSION_TIMEOUT_MS) });
      if (!res.ok) return null;
      const body: unknown = await res.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}
