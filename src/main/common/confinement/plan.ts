// One server's confinement, start to end: its profile, this host's facts, the decision, and — when it is
// confined — the bubblewrap command that wraps its argv. The supervisor spawns what this returns; health,
// `status --server` and doctor show its view. Reads the disk (facts) but writes nothing.
import { abstractSockets, describePaths, hostLayout, sessionBus, type LayoutInput } from './facts';
import { candidatePaths, confinementArgv } from './argv';
import { decide, OPERATOR_SWITCH } from './decide';
import { hostSupport, type HostSupport } from './host-support';
import { resolveProfile, type ProfileInput } from './profile';
import type { ConfinementView } from './view';

export interface PlanInput extends Omit<ProfileInput, 'argv'>, Omit<LayoutInput, 'runner'> {
  /** The host's support; probed once per process when not given. */
  support?: HostSupport;
  /** How paths are looked at (describePaths by default); a health row's plan passes a cached one. */
  describe?: typeof describePaths;
}

export interface ConfinementPlan {
  view: ConfinementView;
  /** The command to spawn instead (bwrap and its argv, then the server's argv); null when not confined. */
  wrap: { command: string; args: string[] } | null;
}

export function planConfinement(input: PlanInput): ConfinementPlan {
  const support = input.support ?? hostSupport(input.gatewayEnv);
  const profile = resolveProfile({ ...input, argv: [input.command, ...input.args] });
  const layout = hostLayout({ ...input, runner: profile.runner });
  const bus = sessionBus(input.gatewayEnv.DBUS_SESSION_BUS_ADDRESS, layout.runtimeDir);
  const decision = decide({
    support,
    operatorOff: input.gatewayEnv[OPERATOR_SWITCH] === 'off',
    settings: input.settings,
    sourcePath: input.sourcePath,
    profile,
    abstractBus: bus.abstract,
    abstractSockets: support.platform === 'linux' && profile.network === 'full' ? abstractSockets() : [],
    runningAsRoot: process.getuid?.() === 0,
  });
  const base = { backend: null, network: null, project: null, gaps: decision.gaps, mounts: [] };
  if (decision.state !== 'confined' || !support.bwrap) return { view: { ...base, state: decision.state, reason: decision.reason }, wrap: null };
  const composed = confinementArgv(profile, {
    layout,
    paths: (input.describe ?? describePaths)(candidatePaths(profile, layout)),
    features: { userNamespace: support.userNamespace, disableUserns: support.disableUserns, networkNamespace: support.networkNamespace },
  });
  const gaps = [...decision.gaps, ...composed.missingGrants.map((path) => `granted path ${path} does not exist here; nothing is mounted for it`)];
  // A Docker-launched server needs the engine's socket, which is the operator's to grant: say so up front.
  if (!profile.docker && /^(docker|podman)$/.test(input.command.split('/').pop() ?? '')) {
    gaps.push(`it runs ${input.command.split('/').pop()}, whose socket is not granted: its containers cannot start until its entry says "docker": true (root on this host, in effect)`);
  }
  return {
    view: { state: 'confined', reason: null, backend: 'bubblewrap', network: profile.network, project: profile.project.access, gaps, mounts: composed.mounts },
    wrap: { command: support.bwrap, args: [...composed.argv, input.command, ...input.args] },
  };
}
