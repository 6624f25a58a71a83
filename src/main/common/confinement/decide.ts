// Whether a stdio server runs confined, unconfined (and why), or not at all: never unconfined silently.
// On Linux a server runs unconfined only when the operator switched confinement off
// (GATEHOUSE_CONFINEMENT=off), its entry turns it off, or its entry allows it and this host cannot
// confine. Off Linux no backend is built yet: servers run unconfined, and say so.
import type { ConfinementProfile, ConfinementSettings } from './profile';
import type { HostSupport } from './host-support';
import type { ConfinementState } from './view';

export interface DecisionInput {
  support: HostSupport;
  /** GATEHOUSE_CONFINEMENT=off in the gateway's environment. */
  operatorOff: boolean;
  settings: ConfinementSettings | undefined;
  /** The file the entry is in, for the messages. */
  sourcePath: string | null;
  profile: ConfinementProfile;
  /** The session bus's abstract socket name, when its address is `unix:abstract=…`. */
  abstractBus: string | null;
  /** Abstract sockets listening in the host's network namespace. */
  abstractSockets: readonly string[];
  runningAsRoot: boolean;
}

export interface Decision {
  state: Exclude<ConfinementState, 'not_applicable'>;
  reason: string | null;
  gaps: string[];
}

export const OPERATOR_SWITCH = 'GATEHOUSE_CONFINEMENT';

export function decide(input: DecisionInput): Decision {
  const { support, profile } = input;
  const where = input.sourcePath ?? 'its entry';
  if (input.operatorOff) return { state: 'unconfined', reason: `the operator turned confinement off (${OPERATOR_SWITCH}=off)`, gaps: [] };
  if (input.settings?.enabled === false) return { state: 'unconfined', reason: `its entry turns confinement off ("enabled": false in ${where})`, gaps: [] };
  if (support.platform !== 'linux') return { state: 'unconfined', reason: `${support.problem ?? 'no confinement backend here'} (see the README's security section)`, gaps: [] };

  const blocker =
    support.problem ??
    (profile.network !== 'full' && !support.networkNamespace ? `network "${profile.network}" needs a network namespace: ${support.networkProblem ?? 'not available here'}` : null);
  const allowed = input.settings?.allowUnconfined === true;
  if (blocker) {
    if (allowed) return { state: 'unconfined', reason: `${blocker}; its entry allows running unconfined`, gaps: [] };
    return { state: 'unavailable', reason: `this host cannot confine it: ${blocker}. ${unblock(where)}`, gaps: [] };
  }

  const gaps: string[] = [];
  // An abstract socket is reachable from any process in the same network namespace, whatever the mounts.
  if (profile.network === 'full' && input.abstractBus !== null) {
    const bus = `the D-Bus session bus is an abstract socket (@${input.abstractBus}), which a server sharing the host's network can reach`;
    if (!allowed) {
      return { state: 'unavailable', reason: `${bus}. Give it "network": "none", or start the session bus on a socket path (unix:path=…), or ${unblock(where, true)}`, gaps: [] };
    }
    gaps.push(`${bus}; its entry allows this`);
  }
  if (profile.network === 'full') {
    const others = input.abstractSockets.filter((name) => input.abstractBus === null || name !== `@${input.abstractBus}`);
    if (others.length) gaps.push(`with network "full" the host's abstract Unix sockets stay reachable: ${describeSockets(others)}; "network": "none" closes them`);
  }
  if (profile.docker) gaps.push('the Docker socket is granted: whoever can use it can start a privileged container, which is root on this host');
  if (input.runningAsRoot) gaps.push('Gatehouse runs as root: hidden paths stay hidden, but the system files it can read include root-only ones (/etc/shadow…)');
  return { state: 'confined', reason: null, gaps };
}

function unblock(where: string, gap = false): string {
  const allow = `"gatehouse": {"confinement": {"allow_unconfined": true}} in ${where}`;
  return gap
    ? `allow it with ${allow}`
    : `Install bubblewrap or enable user namespaces (gatehouse doctor says which), or let this server run unconfined with ${allow}, or turn confinement off for every server with ${OPERATOR_SWITCH}=off`;
}

function describeSockets(names: readonly string[]): string {
  const named = names.map((name) => (name.startsWith('@/tmp/.X11-unix/') ? `X11 display ${name}` : name.includes('dbus') ? `D-Bus ${name}` : name));
  return named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(', ');
}
