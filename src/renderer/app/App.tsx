import { useEffect, useMemo, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import { isJobFinished } from '../../shared/provisioning';
import { ActivityPanel } from '../activity/ActivityPanel';
import { startActivitySync } from '../activity/activity-sync';
import { CatalogPanel } from '../catalog/CatalogPanel';
import { ClientsPanel } from '../clients/ClientsPanel';
import { DoctorPanel } from '../doctor/DoctorPanel';
import { StartupPanel } from '../startup/StartupPanel';
import { startLogSync } from '../logs/log-sync';
import { LogsPanel } from '../logs/LogsPanel';
import { ProvisioningPanel } from '../provisioning/ProvisioningPanel';
import { startProvisioningSync } from '../provisioning/provisioning-sync';
import { SecretsPanel } from '../secrets/SecretsPanel';
import { ServersPanel } from '../servers/ServersPanel';
import { startServersSync } from '../servers/servers-sync';
import { startTrustSync } from '../trust/trust-sync';
import { describeError } from '../ui/describe-error';
import { GatehouseProvider } from './gatehouse-context';
import { Nav, type PanelId } from './Nav';
import type { GatehouseStore } from './store';

export function App({ store, bridge }: { store: StoreApi<GatehouseStore>; bridge: GatehouseBridge }) {
  const [panel, setPanel] = useState<PanelId>('servers');
  const [fatal, setFatal] = useState<string | null>(null);
  const gatehouse = useMemo(() => ({ store, bridge }), [store, bridge]);
  const inFlight = useStore(store, (s) => s.activity?.sessions.reduce((n, session) => n + session.calls.length, 0) ?? 0);
  const installing = useStore(store, (s) => s.provisioning?.jobs.filter((job) => !isJobFinished(job.status)).length ?? 0);

  useEffect(() => {
    const offs: Array<() => void> = [];
    try {
      const onError = (error: unknown) => setFatal(describeError(error));
      offs.push(startServersSync(bridge, store.getState, onError));
      offs.push(startTrustSync(bridge, store.getState, onError));
      offs.push(startActivitySync(bridge, store.getState, onError));
      offs.push(startProvisioningSync(bridge, store.getState));
      // Followed from launch, not from the first visit, so the panel shows what happened before it opened.
      offs.push(startLogSync(bridge, store.getState, onError));
    } catch (error) {
      setFatal(describeError(error));
    }
    return () => {
      for (const off of offs) off();
    };
  }, [store, bridge]);

  return (
    <GatehouseProvider value={gatehouse}>
      <div className="app">
        <header className="app-header">
          <span className="app-mark" aria-hidden="true" />
          <h1 className="app-title">Gatehouse</h1>
        </header>
        <Nav current={panel} onSelect={setPanel} badges={{ activity: inFlight, provisioning: installing }} />
        <main className="app-content">
          {fatal && (
            <div className="banner banner-error" role="alert">
              {fatal}
            </div>
          )}
          {panel === 'servers' && <ServersPanel />}
          {panel === 'startup' && <StartupPanel />}
          {panel === 'activity' && <ActivityPanel />}
          {panel === 'catalog' && <CatalogPanel />}
          {panel === 'provisioning' && <ProvisioningPanel />}
          {panel === 'clients' && <ClientsPanel />}
          {panel === 'secrets' && <SecretsPanel />}
          {panel === 'doctor' && <DoctorPanel />}
          {panel === 'logs' && <LogsPanel />}
        </main>
      </div>
    </GatehouseProvider>
  );
}
