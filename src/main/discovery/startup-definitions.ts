// What discovery adds to the configured servers before the supervisor sees them (the core merges these
// under config.servers, so a configured name wins): every provisioned entry, eager when autoStart names
// it, and every manifest or registered name autoStart names that nobody provisioned yet, made a server
// of this run (not written to provisioned.json) so it starts eagerly (contract §2.4, §4.5). Its
// credentials are `${VAR}` references, so the supervisor checks them before spawning: without them the
// server is skipped with missing_auth, never started.
import type { ConfigSourceKind } from '../../shared/domain';
import type { EffectiveConfig, ServerDefinition, SourceReadout } from '../config/types';
import { resolveTarget } from './provision-target';
import type { LoadedPolicy } from '../policy';
import { stateFile } from './paths';
import { readProvisioned, toDefinition } from './provisioned-store';
import type { DiscoveryState } from './state';

/** Merged autoStart minus merged disableAutoStart, as mergeSources decides for configured servers. */
export function eagerNames(readouts: readonly SourceReadout[]): Set<string> {
  const disabled = new Set(readouts.flatMap((r) => r.disableAutoStart));
  return new Set(readouts.flatMap((r) => r.autoStart).filter((name) => !disabled.has(name)));
}

export function discoveryDefinitions(state: DiscoveryState, policy: LoadedPolicy, config: EffectiveConfig): ServerDefinition[] {
  const eager = eagerNames(config.sources);
  const provisioned = readProvisioned(state.ctx);
  const out: ServerDefinition[] = [...provisioned.values()].map((entry) => ({
    ...toDefinition(state.ctx, entry),
    startupPolicy: eager.has(entry.name) ? 'eager' : 'lazy',
  }));
  for (const name of eager) {
    if (config.servers.has(name) || provisioned.has(name)) continue;
    const resolved = resolveTarget(state, policy, name);
    if (!resolved.ok) {
      // Unknown names are already reported by the config merge (stale autoStart); say why a known one waits.
      if (resolved.code !== 'E203') state.ctx.log(`autoStart "${name}" is not started: ${resolved.message} Next: ${resolved.next_step ?? 'see gateway.config_status'}`);
      continue;
    }
    const manifestPath = state.manifest().servers.get(name)?.path;
    out.push({
      ...toDefinition(state.ctx, resolved.target.entry),
      startupPolicy: 'eager',
      source: autoStartSource(config.sources, name),
      sourcePath: manifestPath ?? stateFile(state.ctx, 'discovered.json'),
      origin: undefined, // eager because a file's autoStart names it: that file is its startup source
    });
  }
  return out;
}

function autoStartSource(readouts: readonly SourceReadout[], name: string): ConfigSourceKind {
  return readouts.find((r) => r.autoStart.includes(name))?.source ?? 'user';
}
