import { create } from 'zustand';
import { createConfigIssuesSlice, type ConfigIssuesSlice } from './config-issues-slice';
import { createDoctorSlice, type DoctorSlice } from './doctor-slice';
import { createHealthSlice, type HealthSlice } from './health-slice';
import { createLogsSlice, type LogsSlice } from './logs-slice';
import { createSecretsSlice, type SecretsSlice } from './secrets-slice';
import { createTrustSlice, type TrustSlice } from './trust-slice';

export type GatehouseStore = HealthSlice & ConfigIssuesSlice & SecretsSlice & DoctorSlice & TrustSlice & LogsSlice;

export const useGatehouseStore = create<GatehouseStore>()((...a) => ({
  ...createHealthSlice<GatehouseStore>()(...a),
  ...createConfigIssuesSlice<GatehouseStore>()(...a),
  ...createSecretsSlice<GatehouseStore>()(...a),
  ...createDoctorSlice<GatehouseStore>()(...a),
  ...createTrustSlice<GatehouseStore>()(...a),
  ...createLogsSlice<GatehouseStore>()(...a),
}));

export { startSync } from './sync';
export { startLogSync } from './log-sync';
