// What the discovery tools look up about servers and CLIs, in one place: configured handles, the
// provisioned store, credential presence and the installed CLIs (probed once per run, see cli-detect.ts).
import { availableNames, cliInventory } from '../../../discovery/cli-detect';
import { cacheFile } from '../../../discovery/paths';
import { readProvisioned } from '../../../discovery/provisioned-store';
import type { DiscoveryState } from '../../../discovery/state';
import type { ManifestServer } from '../../../discovery/types';
import type { GatewayContext } from '../../meta-tool';
import type { ServerFacts } from './candidate';

export async function missingCredential(state: DiscoveryState, envVars: readonly string[]): Promise<string | null> {
  for (const name of envVars) if (!(await state.credentialAvailable(name))) return name;
  return null;
}

export async function serverFacts(state: DiscoveryState, gateway: GatewayContext, entry: ManifestServer): Promise<ServerFacts> {
  return {
    handle: gateway.supervisor.get(entry.name),
    installed: readProvisioned(state.ctx).has(entry.name),
    missingEnvVar: await missingCredential(state, entry.env_vars),
  };
}

/** Caller-supplied names win (no probing); otherwise the cached inventory of the manifest's CLIs. */
export async function installedClis(state: DiscoveryState, given: readonly string[] | null | undefined): Promise<Map<string, string | null>> {
  const manifest = state.manifest();
  if (given) return new Map(given.filter((n) => manifest.clis.has(n) || /^[A-Za-z0-9._-]+$/.test(n)).map((n) => [n, null]));
  const inventory = await cliInventory(cacheFile(state.ctx, 'cli-probe.json'), [...manifest.clis.values()], state.ctx.env);
  return new Map(availableNames(inventory).map((n) => [n, inventory.clis[n] ?? null]));
}
