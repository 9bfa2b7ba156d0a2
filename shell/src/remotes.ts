import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '@portal/contracts';

export type RemoteName = 'mfe_admin' | 'mfe_mentor' | 'mfe_mentee' | 'mfe_chat';
export const ROLE_REMOTE: Record<Role, RemoteName> = { admin: 'mfe_admin', mentor: 'mfe_mentor', mentee: 'mfe_mentee' };

let manifest: Record<string, string> = {};

/** Reads where each remote lives (served with the page), so a remote can be redeployed without rebuilding the shell. */
export async function registerRuntimeRemotes(): Promise<void> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`remotes.json: ${res.status}`);
    manifest = await res.json();
  } catch (e) {
    console.error('Could not read the remotes manifest', e);
    manifest = {};
  }
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
}

const cache = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

/** The remote's route module, loaded only when first rendered (a mentee never downloads mfe-admin). */
export function remoteRoutes(name: RemoteName): LazyExoticComponent<ComponentType> {
  let component = cache.get(name);
  if (!component) {
    component = lazy(async () => {
      const mod = await loadRemote<{ default: ComponentType }>(`${name}/routes`);
      if (!mod?.default) throw new Error(`Remote ${name} did not provide its routes`);
      return mod;
    });
    cache.set(name, component);
  }
  return component;
}

/** Forget a failed remote so that Try Again fetches it afresh. */
export function resetRemote(name: RemoteName): void {
  cache.delete(name);
  const entry = manifest[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
