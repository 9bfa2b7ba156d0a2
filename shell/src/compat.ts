import { CONTRACTS_VERSION, contractsCompatible } from '@portal/contracts';

/** What a remote's build says of itself (version.json beside its remoteEntry.js, tools/build/remote-version.mjs). */
export interface RemoteVersionInfo {
  name?: string;
  version?: string;
  commit?: string;
  contractsVersion?: string;
  /** The shared modules the remote expects the host to provide. */
  shared?: string[];
}

/**
 * Why the shell must not load a remote with this version.json, or null when it may: built against contracts it cannot
 * talk to, or not expecting a singleton the shell provides (the remote would bring or miss its own copy).
 */
export function incompatibility(info: RemoteVersionInfo, provided: readonly string[]): string | null {
  if (typeof info.contractsVersion !== 'string') return 'its version.json names no contracts version';
  if (!contractsCompatible(info.contractsVersion, CONTRACTS_VERSION))
    return `it was built against contracts ${info.contractsVersion}; this portal speaks ${CONTRACTS_VERSION}`;
  const missing = provided.filter((name) => !info.shared?.includes(name));
  if (missing.length) return `it does not expect the portal's shared ${missing.join(', ')}`;
  return null;
}

/** The shared singletons this shell provides (tools/rspack.base.mjs defines the list for the build). */
export const PROVIDED: readonly string[] = process.env.SHELL_SHARED ? JSON.parse(process.env.SHELL_SHARED) : [];

/**
 * Reads the remote's version.json (beside its entry) and refuses it when incompatible: the caller's area shows its
 * error panel with the reason, and the console keeps it. Nothing else of the portal is affected.
 */
export async function checkRemote(name: string, entry: string): Promise<void> {
  const url = new URL('version.json', new URL(entry, location.href));
  let problem: string | null;
  try {
    const res = await fetch(url, { cache: 'no-cache', signal: AbortSignal.timeout(15_000) });
    problem = res.ok
      ? incompatibility((await res.json()) as RemoteVersionInfo, PROVIDED)
      : `no version.json (${res.status})`;
  } catch (e) {
    problem = `its version.json could not be read (${e instanceof Error ? e.message : String(e)})`;
  }
  if (problem) {
    console.error(`Remote ${name} (${entry}) refused: ${problem}`);
    throw new Error(`This part of the portal could not be loaded: ${problem}.`);
  }
}
