import type { StateCreator } from 'zustand';
import type { ChannelOutput, GatehouseBridge } from '../../shared/ipc';
import { describeError } from '../ui/describe-error';

export type DoctorResponse = ChannelOutput<'runDoctor'>;
export type DoctorDocument = Extract<DoctorResponse, { status: 'healthy' | 'findings' }>;
export type DoctorFailure = Extract<DoctorResponse, { status: 'failed' | 'unavailable' }>;
export type Finding = DoctorDocument['findings'][number];

export interface DoctorSlice {
  doctorResult: DoctorResponse | null;
  /** When the shown result arrived (ISO), so an old diagnosis is not mistaken for a fresh one. */
  doctorRanAt: string | null;
  doctorRunning: boolean;
  doctorError: string | null;
  runDoctor: () => Promise<void>;
}

export function isDoctorFailure(response: DoctorResponse): response is DoctorFailure {
  return response.status === 'failed' || response.status === 'unavailable';
}

/** The bridge is passed in (only the channel it calls), so the slice can be built alone with a fake. */
export const createDoctorSlice =
  <S extends DoctorSlice>(bridge: Pick<GatehouseBridge, 'runDoctor'>): StateCreator<S, [], [], DoctorSlice> =>
  (set, get) => ({
    doctorResult: null,
    doctorRanAt: null,
    doctorRunning: false,
    doctorError: null,
    runDoctor: async () => {
      // One diagnosis at a time: doctor probes the keychain and runs uv, so overlapping runs only add load.
      if (get().doctorRunning) return;
      set({ doctorRunning: true, doctorError: null } as Partial<S>);
      try {
        const result = await bridge.runDoctor({});
        set({ doctorResult: result, doctorRanAt: new Date().toISOString(), doctorRunning: false } as Partial<S>);
      } catch (error) {
        set({ doctorError: describeError(error), doctorRunning: false } as Partial<S>);
      }
    },
  });
