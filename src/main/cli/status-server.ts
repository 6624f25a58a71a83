// `gatehouse status --server NAME`: one server's row and its confinement with every mount, in the order
// bubblewrap applies them. From the running gateway when one answers (what its child was actually
// spawned with); otherwise what the config would give it on this machine.
import type { ConfinementView, MountView } from '../../shared/domain';
import type { ServerDefinition } from '../config/types';
import { confinementContext, plannedConfinement } from '../supervisor/confinement/launch';
import { formatTable } from './table';

export interface ServerStatusView {
  name: string;
  status: string;
  transport?: string;
  pid?: number | null;
  confinement: ConfinementView | null;
}

/** What the config would give a server that is not running (no gateway to ask). */
export function configuredConfinement(definition: ServerDefinition, env: NodeJS.ProcessEnv, stateDir: string): ConfinementView {
  return plannedConfinement(definition, env, confinementContext(env, { stateDir }));
}

export function formatServerStatus(view: ServerStatusView, live: boolean): string {
  const c = view.confinement;
  const lines = [
    `Server: ${view.name} (${view.status}${view.pid ? `, pid ${view.pid}` : ''}${live ? '' : ', from the config: no gateway answered'})`,
    `Confinement: ${c ? describe(c) : 'not reported by this gateway'}`,
  ];
  if (c?.gaps.length) lines.push(...c.gaps.map((gap) => `  not covered: ${gap}`));
  if (c?.mounts.length) lines.push('', formatTable(['ACCESS', 'KIND', 'PATH'], c.mounts.map((m: MountView) => [m.access, m.kind, m.path])));
  return `${lines.join('\n')}\n`;
}

function describe(c: ConfinementView): string {
  if (c.state === 'confined') return `confined (${c.backend}), network ${describeNetwork(c)}, project ${c.project}`;
  return `${c.state}${c.reason ? ` (${c.reason})` : ''}`;
}

/** "loopback" names the host ports bridged in, or says it has none (its own loopback only). */
export function describeNetwork(c: Pick<ConfinementView, 'network' | 'loopbackPorts'>): string {
  if (c.network !== 'loopback') return `${c.network}`;
  const ports = c.loopbackPorts ?? [];
  return ports.length ? `loopback (host 127.0.0.1 ports ${ports.join(', ')})` : 'loopback (no host ports: its own loopback only)';
}
