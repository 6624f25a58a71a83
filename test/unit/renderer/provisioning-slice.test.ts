// The provisioning view's slice, built alone with a fake bridge: snapshots apply only when newer (a late
// seed never replaces a push), a refusal of gateway.provision is an outcome (not an error), a failed call
// is kept as text, a second submit while one runs is not sent, and the sync seeds after subscribing.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { GatehouseBridge } from '../../../src/shared/ipc';
import type { JobView, ProvisioningSnapshot, ProvisionOutcome } from '../../../src/shared/provisioning';
import { createProvisioningSlice, type ProvisioningSlice } from '../../../src/renderer/provisioning/provisioning-slice';
import { startProvisioningSync } from '../../../src/renderer/provisioning/provisioning-sync';
import { deferred, type Deferred } from './deferred';

const job = (server: string, status: JobView['status']): JobView => ({
  job_id: `id-${server}`,
  server,
  status,
  progress: status === 'complete' ? 100 : 20,
  stage: 'install',
  stages: [],
  package: `@test/${server}`,
  version: '1.0.0',
  message: `${server}: ${status}`,
  error: null,
  output_tail: [],
  new_tools: [],
  started_at: '2026-12-01T10:00:00.000Z',
  finished_at: null,
});
const snapshot = (generation: number, jobs: JobView[]): ProvisioningSnapshot => ({ generation, jobs });
const outcome = (patch: Partial<ProvisionOutcome>): ProvisionOutcome => ({
  ok: true,
  server: 'packaged',
  status: 'started',
  message: 'Installing packaged.',
  job_id: 'abcd1234',
  next_step: null,
  error_code: null,
  env_var: null,
  env_instructions: null,
  new_tools: [],
  ...patch,
});

function build() {
  const calls: { input: { server_name: string }; answer: Deferred<ProvisionOutcome> }[] = [];
  const bridge: Pick<GatehouseBridge, 'provisionServer'> = {
    provisionServer: (input) => {
      const answer = deferred<ProvisionOutcome>();
      calls.push({ input, answer });
      return answer.promise;
    },
  };
  return { calls, store: createStore<ProvisioningSlice>()(createProvisioningSlice<ProvisioningSlice>(bridge)) };
}

describe('provisioning slice', () => {
  it('keeps only newer snapshots: an older or equal generation is refused', () => {
    const { store } = build();
    expect(store.getState().provisioning).toBeNull();
    expect(store.getState().applyProvisioning(snapshot(2, [job('a', 'installing')]))).toBe(true);
    expect(store.getState().applyProvisioning(snapshot(1, []))).toBe(false);
    expect(store.getState().applyProvisioning(snapshot(2, []))).toBe(false);
    expect(store.getState().provisioning?.jobs.map((j) => j.server)).toEqual(['a']);
    expect(store.getState().applyProvisioning(snapshot(3, [job('a', 'complete')]))).toBe(true);
    expect(store.getState().provisioning?.jobs[0]?.status).toBe('complete');
  });

  it("shows a refusal as the tool's answer, sends the trimmed name once, and ignores a submit while one runs", async () => {
    const { store, calls } = build();
    const first = store.getState().provision('  locked ');
    expect(store.getState().provisionBusy).toBe(true);
    void store.getState().provision('locked');
    void store.getState().provision('   ');
    expect(calls.map((c) => c.input)).toEqual([{ server_name: 'locked' }]);
    const refused = outcome({ ok: false, server: 'locked', status: 'failed', job_id: null, env_var: 'LOCKED_TEST_TOKEN', error_code: 'E502', message: 'needs LOCKED_TEST_TOKEN' });
    calls[0]?.answer.resolve(refused);
    await first;
    expect(store.getState()).toMatchObject({ provisionBusy: false, provisionOutcome: refused, provisioningError: null });
  });

  it('keeps a failed call as text and clears the last outcome; a later snapshot clears the error', async () => {
    const { store, calls } = build();
    const first = store.getState().provision('packaged');
    calls[0]?.answer.resolve(outcome({}));
    await first;
    const second = store.getState().provision('packaged');
    expect(store.getState().provisionOutcome).toBeNull();
    calls[1]?.answer.reject(new Error('core went away'));
    await second;
    expect(store.getState()).toMatchObject({ provisionBusy: false, provisionOutcome: null, provisioningError: expect.stringContaining('core went away') });
    store.getState().applyProvisioning(snapshot(1, []));
    expect(store.getState().provisioningError).toBeNull();
  });

  it('sync: subscribes before seeding, so a push that beats the seed wins; a failed seed is shown', async () => {
    const { store } = build();
    const subscribed: { listener: ((s: ProvisioningSnapshot) => void) | null } = { listener: null };
    const seed = deferred<ProvisioningSnapshot>();
    const bridge = {
      listProvisioning: () => seed.promise,
      on: {
        provisioningChanged: (l: (s: ProvisioningSnapshot) => void) => {
          subscribed.listener = l;
          return () => {
            subscribed.listener = null;
          };
        },
      },
    } as unknown as GatehouseBridge; // only the two members the sync touches
    const off = startProvisioningSync(bridge, store.getState);
    subscribed.listener?.(snapshot(5, [job('pushed', 'installing')]));
    seed.resolve(snapshot(4, []));
    await seed.promise;
    await Promise.resolve();
    expect(store.getState().provisioning?.jobs.map((j) => j.server)).toEqual(['pushed']);
    off();
    expect(subscribed.listener).toBeNull();

    const failing = build().store;
    const bad = deferred<ProvisioningSnapshot>();
    startProvisioningSync({ ...bridge, listProvisioning: () => bad.promise } as GatehouseBridge, failing.getState);
    bad.reject(new Error('no core'));
    await bad.promise.catch(() => undefined);
    await Promise.resolve();
    expect(failing.getState().provisioningError).toContain('no core');
  });
});
