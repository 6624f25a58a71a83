// How a server's confinement is shown: in its health row, `gatehouse status --server NAME --json`, the
// panel and doctor. The same shape as `ConfinementView` in src/shared/domain.ts (the zod schema the
// renderer and IPC check); kept here as plain types because common/ imports nothing of ours.
import type { NetworkMode, ProjectAccess } from './profile';

/** `private`: an empty folder of the server's own (gone when it stops); `hidden`: not readable at all. */
export type MountAccess = 'ro' | 'rw' | 'private' | 'hidden';

export type MountKind =
  | 'system' | 'devices' | 'processes' | 'temp' | 'home' | 'host' | 'gatehouse' | 'secret'
  | 'toolchain' | 'trust' | 'runtime' | 'project' | 'workdir' | 'argument' | 'grant' | 'cache' | 'data' | 'docker' | 'bridge';

export interface MountView {
  path: string;
  access: MountAccess;
  kind: MountKind;
}

/**
 * confined: runs (or will run) inside bubblewrap · unconfined: runs without it, `reason` says why (the
 * operator or its entry allowed it) · unavailable: this host cannot confine it and nothing allowed it to run
 * unconfined, so it does not start · not_applicable: a remote server (nothing runs here).
 */
export type ConfinementState = 'confined' | 'unconfined' | 'unavailable' | 'not_applicable';

export interface ConfinementView {
  state: ConfinementState;
  reason: string | null;
  backend: 'bubblewrap' | null;
  network: NetworkMode | null;
  /** Network "loopback": the host's 127.0.0.1 ports bridged in (empty: its own loopback only). */
  loopbackPorts?: number[];
  project: ProjectAccess | null;
  /** What this host leaves open under this profile (e.g. abstract sockets with network "full"). */
  gaps: string[];
  /** In the order they are applied: a later mount covers what an earlier one showed beneath it. */
  mounts: MountView[];
}

export function notApplicable(): ConfinementView {
  return { state: 'not_applicable', reason: 'a remote server: nothing of it runs on this machine', backend: null, network: null, project: null, gaps: [], mounts: [] };
}

/** The view for gateway.health: everything but the mounts unless asked (they are long; status --server asks). */
export function confinementSummary(view: ConfinementView | undefined, withMounts: boolean): (Omit<ConfinementView, 'mounts'> & { mounts?: MountView[] }) | null {
  if (!view) return null;
  if (withMounts) return view;
  const { mounts: _mounts, ...rest } = view;
  return rest;
}
