import { describe, expect, it } from 'vitest';
import type { GatehouseBridge } from '../../../src/shared/ipc';
import type { ProjectTrustReport } from '../../../src/shared/trust';
import { startTrustSync } from '../../../src/renderer/trust/trust-sync';
import { deferred } from './deferred';

/** Just the channels startTrustSync uses; the seed answers when the test says so. */
function fakeBridge() {
  const listeners = {
    projectTrustChanged: new Set<(p: ProjectTrustReport) => void>(),
  };
  const seeds = { trust: deferred<ProjectTrustReport>() };
  const subscribe = <T>(set: Set<(p: T) => void>) => (listener: (p: T) => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  const bridge = {
    listProjectTrust: () => seeds.trust.promise,
    on: { projectTrustChanged: subscribe(listeners.projectTrustChanged) },
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
  const target = { setTrustReport: (r: ProjectTrustReport) => void reports.push(r) };
  return { reports, target: () => target };
}

describe('startTrustSync', () => {
  it('seeds the trust report, then follows pushes', async () => {
    const { bridge, listeners, seeds } = fakeBridge();
    const { reports, target } = recorder();
    startTrustSync(bridge, target, (error) => {
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
    startTrustSync(bridge, target, (error) => {
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
    const off = startTrustSync(bridge, recorder().target, () => undefined);
    expect(listeners.projectTrustChanged.size).toBe(1);
    off();
    expect(listeners.projectTrustChanged.size).toBe(0);
  });
});
