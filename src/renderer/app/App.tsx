import { useEffect, useMemo, useState } from 'react';
import type { StoreApi } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import { DoctorPanel } from '../doctor/DoctorPanel';
import { startLogSync } from '../logs/log-sync';
import { LogsPanel } from '../logs/LogsPanel';
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

  useEffect(() => {
    const offs: Array<() => void> = [];
    try {
      const onError = (error: unknown) => setFatal(describeError(error));
      offs.push(startServersSync(bridge, store.getState, onError));
      offs.push(startTrustSync(bridge, store.getState, onError));
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
        <Nav current={panel} onSelect={setPanel} />
        <main className="app-content">
          {fatal && (
            <div className="banner banner-error" role="alert">
              {fatal}
            </div>
          )}
          {panel === 'servers' && <ServersPanel />}
          {panel === 'secrets' && <SecretsPanel />}
          {panel === 'doctor' && <DoctorPanel />}
          {panel === 'logs' && <LogsPanel />}
        </main>
      </div>
    </GatehouseProvider>
  );
}
