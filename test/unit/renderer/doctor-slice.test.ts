// The doctor slice built alone: its bridge is a fake passed in, with no window and no preload.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ChannelOutput, GatehouseBridge } from '../../../src/shared/ipc';
import { createDoctorSlice, type DoctorSlice } from '../../../src/renderer/doctor/doctor-slice';
import { deferred, type Deferred } from './deferred';

type Response = ChannelOutput<'runDoctor'>;

const unavailable: Response = {
  apiVersion: 'gatehouse.dev/runtime/v1',
  kind: 'DoctorResult',
  status: 'unavailable',
  root: null,
  errors: [{ code: 'E_UV_MISSING', message: 'uv is not installed' }],
};

function fakeBridge() {
  const runs: Deferred<Response>[] = [];
  const bridge: Pick<GatehouseBridge, 'runDoctor'> = {
    runDoctor: () => {
      const answer = deferred<Response>();
      runs.push(answer);
      return answer.promise;
    },
  };
  return { bridge, runs };
}

const newStore = (bridge: Pick<GatehouseBridge, 'runDoctor'>) => createStore<DoctorSlice>()(createDoctorSlice<DoctorSlice>(bridge));

describe('doctor slice', () => {
  it('runs one diagnosis at a time through the bridge it was given and keeps when it arrived', async () => {
    expect('window' in globalThis).toBe(false);
    const { bridge, runs } = fakeBridge();
    const store = newStore(bridge);
    const run = store.getState().runDoctor();
    expect(store.getState().doctorRunning).toBe(true);
    await store.getState().runDoctor();
    expect(runs).toHaveLength(1);

    runs[0]?.resolve(unavailable);
    await run;
    expect(store.getState().doctorResult).toBe(unavailable);
    expect(store.getState().doctorRunning).toBe(false);
    expect(Number.isNaN(Date.parse(store.getState().doctorRanAt ?? ''))).toBe(false);
  });

  it('shows a call that failed as an error and keeps the last result', async () => {
    const { bridge, runs } = fakeBridge();
    const store = newStore(bridge);
    const first = store.getState().runDoctor();
    runs[0]?.resolve(unavailable);
    await first;
    const second = store.getState().runDoctor();
    runs[1]?.reject(new Error('the bridge is down'));
    await second;
    expect(store.getState().doctorError).toBe('the bridge is down');
    expect(store.getState().doctorResult).toBe(unavailable);
    expect(store.getState().doctorRunning).toBe(false);
  });
});
