import { describe, expect, it } from 'vitest';
import type { ConfigIssue, HealthSnapshot } from '../../../src/shared/domain';
import type { GatehouseBridge } from '../../../src/shared/ipc';
import type { ProjectTrustReport } from '../../../src/shared/trust';
import { startSync } from '../../../src/renderer/store/sync';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Just the channels startSync uses; seeds answer when the test says so. */
function fakeBridge() {
  const listeners = {
    healthChanged: new Set<(p: HealthSnapshot) => void>(),
    configIssuesChanged: new Set<(p: ConfigIssue[]) => void>(),
    projectTrustChanged: new Set<(p: ProjectTrustReport) => void>(),
  };
  const seeds = { health: deferred<HealthSnapshot>(), issues: deferred<ConfigIssue[]>(), trust: deferred<ProjectTrustReport>() };
  const subscribe = <T>(set: Set<(p: T) => void>) => (listener: (p: T) => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  const bridge = {
    listHealth: () => seeds.health.promise,
    listConfigIssues: () => seeds.issues.promise,
    listProjectTrust: () => seeds.trust.promise,
    on: {
      healthChanged: subscribe(listeners.healthChanged),
      configIssuesChanged: subscribe(listeners.configIssuesChanged),
      projectTrustChanged: subscribe(listeners.projectTrustChanged),
    },
  } as unknown as GatehouseBridge;
  return { bridge, listeners, seeds };
}

const trustReport = (sha: string): ProjectTrustReport => ({
  project_root: '/p',
  files: [
    { path: '/p/.mcp.json', kind: 'mcp_config', state: 'not_approved', sha256: sha.repeat(64), approved_sha256: null, refusal: null, servers: [], problems: [] },
  ],
});

function recorder() {
  const reports: ProjectTrustReport[] = [];
  const target = {
    applySnapshot: () => true,
    setIssues: () => undefined,
    setTrustReport: (r: ProjectTrustReport) => void reports.push(r),
  };
  return { reports, target: () => target };
}

describe('startSync and project trust', () => {
  it('seeds the trust report, then follows pushes', async () => {
    const { bridge, listeners, seeds } = fakeBridge();
    const { reports, target } = recorder();
    startSync(bridge, target, (error) => {
      throw error;
    });
    seeds.trust.resolve(trustReport('a'));
    await seeds.trust.promise;
    await Promise.resolve();
    for (const l of listeners.projectTrustChanged) l(trustReport('b'));
    expect(reports.map((r) => r.files[0]?.sha256?.[0])).toEqual(['a', 'b']);
  });

  it('lets a push win over a seed that answers after it', async () => {
    const { bridge, listeners, seeds } = fakeBridge();
    const { reports, target } = recorder();
    startSync(bridge, target, (error) => {
      throw error;
    });
    for (const l of listeners.projectTrustChanged) l(trustReport('b'));
    seeds.trust.resolve(trustReport('a'));
    await seeds.trust.promise;
    await Promise.resolve();
    expect(reports.map((r) => r.files[0]?.sha256?.[0])).toEqual(['b']);
  });

  it('unsubscribes from the trust event', () => {
    const { bridge, listeners } = fakeBridge();
    const off = startSync(bridge, recorder().target, () => undefined);
    expect(listeners.projectTrustChanged.size).toBe(1);
    off();
    expect(listeners.projectTrustChanged.size).toBe(0);
  });
});
