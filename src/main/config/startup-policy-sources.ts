// Attribution helpers for gateway.config_status: which files define a name (winner first), where its
// startup policy came from, and which fields hold a `${` that will never be interpolated.
import type { ConfigSourceKind, StartupPolicy } from '../../shared/domain';
import { isPolicySource } from './startup-policy';
import type { SourceDefinition, SourceReadout } from './types';

export interface Definition {
  source: ConfigSourceKind;
  path: string | null;
  definition: SourceDefinition;
}

/** Every definition of every name, in rank order: the first one is the one in effect. */
export function definitionsByName(readouts: SourceReadout[]): Map<string, Definition[]> {
  const out = new Map<string, Definition[]>();
  for (const readout of readouts) {
    for (const [name, definition] of readout.servers) {
      const list = out.get(name) ?? [];
      list.push({ source: readout.source, path: readout.path, definition });
      out.set(name, list);
    }
  }
  return out;
}

export type StartupSource = 'project' | 'user' | 'custom' | 'manifest' | 'configured' | 'auto_start' | 'provisioned';

/**
 * Where a server's startup policy was decided: the file whose autoStart (or disableAutoStart, which
 * wins) names it, else `configured` (lazy because it is merely configured).
 */
export function startupSourceOf(name: string, policy: StartupPolicy | 'unknown', readouts: SourceReadout[]): StartupSource {
  const policyReadouts = readouts.filter((r) => isPolicySource(r.source));
  const disabling = policyReadouts.find((r) => r.disableAutoStart.includes(name));
  if (disabling && policy !== 'eager') return disabling.source as StartupSource;
  if (policy === 'eager' || policy === 'skipped') {
    const starting = policyReadouts.find((r) => r.autoStart.includes(name));
    return starting ? (starting.source as StartupSource) : 'auto_start';
  }
  return 'configured';
}

export interface LiteralPlaceholder {
  field: string;
  jsonPath: (string | number)[];
}

/**
 * `${` in command, args or url is passed on literally (interpolation covers only env and headers,
 * contract §4.3); a server started that way fails in confusing ways, so it is flagged up front.
 */
export function literalPlaceholders(definition: SourceDefinition): LiteralPlaceholder[] {
  const found: LiteralPlaceholder[] = [];
  if (definition.transport === 'stdio') {
    if (definition.command.includes('${')) found.push({ field: 'command', jsonPath: ['command'] });
    definition.args.forEach((arg, index) => {
      if (arg.includes('${')) found.push({ field: `args[${index}]`, jsonPath: ['args', index] });
    });
  } else if (definition.url.includes('${')) {
    found.push({ field: 'url', jsonPath: ['url'] });
  }
  return found;
}

/** autoStart names no source (nor the extra known names) defines, with the first file naming each. */
export function unknownAutoStart(readouts: SourceReadout[], defined: ReadonlySet<string>): Map<string, SourceReadout> {
  const out = new Map<string, SourceReadout>();
  for (const readout of readouts.filter((r) => isPolicySource(r.source))) {
    for (const name of readout.autoStart) if (!defined.has(name) && !out.has(name)) out.set(name, readout);
  }
  return out;
}
