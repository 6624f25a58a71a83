import { create } from 'zustand';
import { createConfigIssuesSlice, type ConfigIssuesSlice } from './config-issues-slice';
import { createHealthSlice, type HealthSlice } from './health-slice';

export type GatehouseStore = HealthSlice & ConfigIssuesSlice;

export const useGatehouseStore = create<GatehouseStore>()((...a) => ({
  ...createHealthSlice<GatehouseStore>()(...a),
  ...createConfigIssuesSlice<GatehouseStore>()(...a),
}));

export { startSync } from './sync';
