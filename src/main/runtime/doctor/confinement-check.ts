// host.child-confinement: what this machine lets Gatehouse confine its children with (bubblewrap, user
// and network namespaces, the session bus's kind, abstract sockets reachable with network "full"), and
// which configured stdio servers would run unconfined or not start at all, each with why. It runs in a
// container too: the children run where Gatehouse runs, so the container is the machine that matters.
import { buildChildEnv } from '../../common/child-env';
import type { GatehouseDirs } from '../../common/dirs';
import { abstractSockets, sessionBus } from '../../common/confinement/facts';
import { OPERATOR_SWITCH } from '../../common/confinement/decide';
import { probeHost, type HostSupport } from '../../common/confinement/host-support';
import { planConfinement } from '../../common/confinement/plan';
import type { ConfinementView } from '../../common/confinement/view';
import { confinementInputOf } from '../../config/confinement-entry';
import type { StdioServerDefinition } from '../../config/types';
import { serverDataDir } from '../launch';
import { finding, type Finding } from './findings';

export interface ConfinementCheckOptions {
  env: NodeJS.ProcessEnv;
  dirs: GatehouseDirs;
  /** The configured stdio servers (none when doctor reads no config). */
  servers: readonly StdioServerDefinition[];
  /** The host's support; probed here when not given. */
  support?: HostSupport;
}

export function confinementCheck(options: ConfinementCheckOptions): Finding {
  const support = options.support ?? probeHost(options.env);
  const views = options.servers.map((definition) => ({ name: definition.name, view: viewOf(definition, support, options) }));
  const unconfined = views.filter((s) => s.view.state === 'unconfined');
  const unavailable = views.filter((s) => s.view.state === 'unavailable');
  const confined = views.filter((s) => s.view.state === 'confined');
  const bus = sessionBus(options.env.DBUS_SESSION_BUS_ADDRESS, options.env.XDG_RUNTIME_DIR ?? null);
  const sockets = support.platform === 'linux' ? abstractSockets() : [];
  const host = describeHost(support, bus, sockets);
  const servers = [
    `${confined.length} of ${views.length} stdio server(s) confined`,
    ...unconfined.map((s) => `"${s.name}" runs UNCONFINED: ${s.view.reason}`),
    ...unavailable.map((s) => `"${s.name}" will not start: ${s.view.reason}`),
    ...confined.filter((s) => s.view.network === 'loopback').map((s) => `"${s.name}" reaches host loopback ports ${s.view.loopbackPorts?.join(', ') || 'none (its own loopback only)'}`),
  ].join('; ');
  const gaps = [...new Set(confined.flatMap((s) => s.view.gaps))];
  const data = {
    backend: support.bwrap ? 'bubblewrap' : null,
    bwrap: support.bwrap,
    version: support.version,
    userNamespace: support.userNamespace,
    networkNamespace: support.networkNamespace,
    disableUserns: support.disableUserns,
    sessionBus: bus.abstract ? 'abstract' : bus.path ? 'path' : 'none',
    abstractSockets: sockets.length,
    operatorOff: options.env[OPERATOR_SWITCH] === 'off',
    confined: confined.map((s) => s.name),
    loopbackPorts: Object.fromEntries(confined.filter((s) => s.view.network === 'loopback').map((s) => [s.name, s.view.loopbackPorts ?? []])),
    unconfined: unconfined.map((s) => ({ name: s.name, reason: s.view.reason })),
    unavailable: unavailable.map((s) => ({ name: s.name, reason: s.view.reason })),
    gaps,
  };
  const message = `${host}. ${servers}${gaps.length ? `. Not covered here: ${gaps.join('; ')}` : ''}`;
  if (unavailable.length) return finding('host.child-confinement', 'failed', message, { severity: 'error', data });
  if (support.problem || unconfined.length) return finding('host.child-confinement', 'failed', message, { data });
  return finding('host.child-confinement', 'passed', message, { data });
}

function viewOf(definition: StdioServerDefinition, support: HostSupport, options: ConfinementCheckOptions): ConfinementView {
  return planConfinement({
    ...confinementInputOf(definition),
    command: definition.command,
    args: definition.args,
    childEnv: buildChildEnv(options.env, {}).env,
    gatewayEnv: options.env,
    gatehouseDirs: [options.dirs.config, options.dirs.state, options.dirs.cache],
    dataDir: serverDataDir(options.dirs, definition.name),
    support,
  }).view;
}

function describeHost(support: HostSupport, bus: { path: string | null; abstract: string | null }, sockets: readonly string[]): string {
  if (support.problem) return `children cannot be confined here: ${support.problem}`;
  const yes = (value: boolean) => (value ? 'yes' : 'no');
  const parts = [
    `bubblewrap ${support.version ?? ''} (${support.bwrap})`.replace('  ', ' '),
    `user namespaces: ${yes(support.userNamespace)}`,
    `network namespaces: ${support.networkNamespace ? 'yes' : `no (${support.networkProblem})`}`,
    `--disable-userns: ${yes(support.disableUserns)}`,
    `session bus: ${bus.abstract ? `abstract socket @${bus.abstract} (reachable with network "full")` : bus.path ? `socket ${bus.path} (hidden)` : 'none'}`,
    `abstract sockets listening: ${sockets.length}`,
  ];
  return parts.join(', ');
}
