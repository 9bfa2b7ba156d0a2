import type { RemoteVersion } from './remote-version.entity';

/** Remote name ("mfe_mentee") → URL of its remoteEntry.js. */
export type RemoteEntries = Record<string, string>;

/** A remote's name as the shell knows it (REMOTE_FOLDERS' keys): lower case, digits and underscores. */
export const REMOTE_NAME = /^[a-z][a-z0-9_]{1,39}$/;

/**
 * What a `set` may store: an absolute http(s) URL, or a path on this origin, ending in remoteEntry.js (the shell's
 * federation runtime loads entries, not manifests). Answers the problem, or null when the URL will do.
 */
export function entryProblem(entry: string): string | null {
  if (entry.length > 1000) return 'the URL is longer than 1000 characters';
  if (!/\/remoteEntry\.js(\?[^#]*)?$/.test(entry)) return 'the URL must end in /remoteEntry.js';
  if (entry.startsWith('/')) return entry.startsWith('//') ? 'a path must start with a single /' : null;
  try {
    const url = new URL(entry);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'the URL must be http or https';
  } catch {
    return 'not a URL';
  }
}

/** version.json's URL: beside the entry. */
export const versionUrlOf = (entry: string): string => entry.replace(/remoteEntry\.js(\?[^#]*)?$/, 'version.json');

/**
 * The entries in force: for each remote, its newest deployment not rolled back, else the configured default
 * (REMOTE_URLS, or the remote this API serves). `rows` may come in any order.
 */
export function entriesInForce(defaults: RemoteEntries, rows: readonly RemoteVersion[]): RemoteEntries {
  const entries = { ...defaults };
  const newest = new Map<string, RemoteVersion>();
  for (const row of rows) {
    if (row.rolledBackAt) continue;
    const seen = newest.get(row.remote);
    if (!seen || row.createdAt > seen.createdAt) newest.set(row.remote, row);
  }
  for (const [remote, row] of newest) entries[remote] = row.entry;
  return entries;
}
