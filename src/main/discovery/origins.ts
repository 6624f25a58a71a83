// The server names Gatehouse knows beyond the config files, by where each comes from: the manifest
// (built-in and overlays), provisioned.json and discovered.json. Names resolve configured, then
// manifest, then discovered (contract §2.4), so all of these count as known: for the startup-policy
// diagnostics, config_status attribution, the lifecycle tools and auth_connect.
import { readDiscovered } from './discovered-store';
import { readProvisioned } from './provisioned-store';
import type { DiscoveryState } from './state';
import type { ServerOrigins } from '../config/startup-policy-types';

export type { ServerOrigins };

export function serverOrigins(state: DiscoveryState): ServerOrigins {
  return {
    manifest: new Set(state.manifest().servers.keys()),
    provisioned: new Set(readProvisioned(state.ctx).keys()),
    discovered: new Set(readDiscovered(state.ctx).keys()),
  };
}

export function originNames(origins: ServerOrigins): string[] {
  return [...new Set([...origins.manifest, ...origins.provisioned, ...origins.discovered])].sort();
}

/** The credential names a manifest or registered entry declares (`env_vars`); null when neither has the name. */
export function declaredCredentials(state: DiscoveryState, name: string): string[] | null {
  return state.manifest().servers.get(name)?.env_vars ?? readDiscovered(state.ctx).get(name)?.env_vars ?? null;
}
