import { describe, expect, it } from 'vitest';
import type { ConfigIssue, HealthSnapshot } from '../../../src/shared/domain';
import type { GatehouseBridge } from '../../../src/shared/ipc';
import type { OAuthSignInState } from '../../../src/shared/oauth-sign-in';
import { startServersSync } from '../../../src/renderer/servers/servers-sync';
import { row, snapshot } from '../../helpers/health-fixtures';
import { deferred } from './deferred';

/** Just the channels startServersSync uses; seeds answer when the test says so. */
function fakeBridge() {
  const listeners = {
    healthChanged: new Set<(p: HealthSnapshot) => void>(),
    configIssuesChanged: new Set<(p: ConfigIssue[]) => void>(),
    oauthChanged: new Set<(p: OAuthSignInState) => void>(),
  };
  const seeds = { health: deferred<HealthSnapshot>(), issues: deferred<ConfigIssue[]>() };
  const subscribe =
    <T>(set: Set<(p: T) => void>) =>
    (listener: (p: T) => void) => {
      set.add(listener);
      return () => void set.delete(listener);
    };
  const bridge = {
    listHealth: () => seeds.health.promise,
    listConfigIssues: () => seeds.issues.promise,
    on: { healthChanged: subscribe(listeners.healthChanged), configIssuesChanged: subscribe(listeners.configIssuesChanged), oauthChanged: subscribe(listeners.oauthChanged) },
  } as unknown as GatehouseBridge;
  return { bridge, listeners, seeds };
}

const issue = (message: string): ConfigIssue => ({ source: 'project', path: '/p/.mcp.json', line: 3, column: null, field: null, message });

function recorder() {
  const snapshots: number[] = [];
  const issues: string[][] = [];
  const signIns: string[] = [];
  const target = {
    applySignIn: (state: OAuthSignInState) => void signIns.push(`${state.name}:${state.status}`),
    applySnapshot: (s: HealthSnapshot) => {
      snapshots.push(s.generation);
      return true;
    },
    setIssues: (list: ConfigIssue[]) => void issues.push(list.map((i) => i.message)),
  };
  return { snapshots, issues, signIns, target: () => target };
}

const fail = (error: unknown) => {
  throw error;
};

describe('startServersSync', () => {
  it('subscribes before seeding, so a push that beats the seed is kept', async () => {
    const { bridge, listeners, seeds } = fakeBridge();
    const { snapshots, target } = recorder();
    startServersSync(bridge, target, fail);
    for (const l of listeners.healthChanged) l(snapshot(2, [row('a', 'online')]));
    seeds.health.resolve(snapshot(1, [row('a', 'lazy')]));
    await seeds.health.promise;
    await Promise.resolve();
    // Both reach the slice; its generation gate drops the older seed (health-slice.test.ts).
    expect(snapshots).toEqual([2, 1]);
  });

  it('lets an issues push win over a seed that answers after it', async () => {
    const { bridge, listeners, seeds } = fakeBridge();
    const { issues, target } = recorder();
    startServersSync(bridge, target, fail);
    for (const l of listeners.configIssuesChanged) l([issue('pushed')]);
    seeds.issues.resolve([issue('seeded')]);
    await seeds.issues.promise;
    await Promise.resolve();
    expect(issues).toEqual([['pushed']]);
  });

  it('follows pushed sign-in changes without asking for them', () => {
    const { bridge, listeners } = fakeBridge();
    const { signIns, target } = recorder();
    startServersSync(bridge, target, fail);
    const state: OAuthSignInState = { name: 'docs', status: 'signed_in', authorization_url: null, message: 'Signed in to docs.', next_step: null, scope: null };
    for (const l of listeners.oauthChanged) l(state);
    expect(signIns).toEqual(['docs:signed_in']);
  });

  it('reports a failed seed and unsubscribes from every event', async () => {
    const { bridge, listeners, seeds } = fakeBridge();
    const errors: unknown[] = [];
    const off = startServersSync(bridge, recorder().target, (error) => errors.push(error));
    seeds.health.reject(new Error('main is gone'));
    await seeds.health.promise.catch(() => undefined);
    await Promise.resolve();
    expect(errors).toEqual([new Error('main is gone')]);
    const subscribed = () => listeners.healthChanged.size + listeners.configIssuesChanged.size + listeners.oauthChanged.size;
    expect(subscribed()).toBe(3);
    off();
    expect(subscribed()).toBe(0);
  });
});
