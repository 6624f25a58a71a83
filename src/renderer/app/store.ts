import { createStore, type StoreApi } from 'zustand/vanilla';
import type { GatehouseBridge } from '../../shared/ipc';
import { createActivitySlice, type ActivitySlice } from '../activity/activity-slice';
import { createCatalogSlice, type CatalogSlice } from '../catalog/catalog-slice';
import { createClientsSlice, type ClientsSlice } from '../clients/clients-slice';
import { createDoctorSlice, type DoctorSlice } from '../doctor/doctor-slice';
import { createStartupSlice, type StartupSlice } from '../startup/startup-slice';
import { createLogsSlice, type LogsSlice } from '../logs/logs-slice';
import { createProvisioningSlice, type ProvisioningSlice } from '../provisioning/provisioning-slice';
import { createSecretsSlice, type SecretsSlice } from '../secrets/secrets-slice';
import { createConfigIssuesSlice, type ConfigIssuesSlice } from '../servers/config-issues-slice';
import { createHealthSlice, type HealthSlice } from '../servers/health-slice';
import { createOAuthSlice, type OAuthSlice } from '../servers/oauth-slice';
import { createTrustSlice, type TrustSlice } from '../trust/trust-slice';

/** The panel's one store: each view's slice, from the view's own folder. */
export type GatehouseStore = HealthSlice &
  OAuthSlice &
  ConfigIssuesSlice &
  SecretsSlice &
  DoctorSlice &
  TrustSlice &
  LogsSlice &
  StartupSlice &
  ActivitySlice &
  CatalogSlice &
  ClientsSlice &
  ProvisioningSlice;

/** Slices that call main get the bridge here, never from the global, so each can be built alone in a test. */
export function createGatehouseStore(bridge: GatehouseBridge): StoreApi<GatehouseStore> {
  return createStore<GatehouseStore>()((...a) => ({
    ...createHealthSlice<GatehouseStore>()(...a),
    ...createOAuthSlice<GatehouseStore>()(...a),
    ...createConfigIssuesSlice<GatehouseStore>()(...a),
    ...createSecretsSlice<GatehouseStore>(bridge)(...a),
    ...createDoctorSlice<GatehouseStore>(bridge)(...a),
    ...createTrustSlice<GatehouseStore>()(...a),
    ...createLogsSlice<GatehouseStore>()(...a),
    ...createStartupSlice<GatehouseStore>(bridge)(...a),
    ...createActivitySlice<GatehouseStore>()(...a),
    ...createCatalogSlice<GatehouseStore>(bridge)(...a),
    ...createClientsSlice<GatehouseStore>(bridge)(...a),
    ...createProvisioningSlice<GatehouseStore>(bridge)(...a),
  }));
}
