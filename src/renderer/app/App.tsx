import { useEffect, useState } from 'react';
import { getBridge } from '../bridge';
import { describeError } from '../describe-error';
import { DoctorPanel } from '../doctor/DoctorPanel';
import { LogsPanel } from '../logs/LogsPanel';
import { SecretsPanel } from '../secrets/SecretsPanel';
import { ServersPanel } from '../servers/ServersPanel';
import { startLogSync, startSync, useGatehouseStore } from '../store';
import { Nav, type PanelId } from './Nav';

export function App() {
  const [panel, setPanel] = useState<PanelId>('servers');
  const [fatal, setFatal] = useState<string | null>(null);

  useEffect(() => {
    try {
      const onError = (error: unknown) => setFatal(describeError(error));
      const offState = startSync(getBridge(), useGatehouseStore.getState, onError);
      // Followed from launch, not from the first visit, so the panel shows what happened before it opened.
      const offLogs = startLogSync(getBridge(), useGatehouseStore.getState, onError);
      return () => {
        offState();
        offLogs();
      };
    } catch (error) {
      setFatal(describeError(error));
      return undefined;
    }
  }, []);

  return (
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
  );
}
