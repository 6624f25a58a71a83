import { useEffect, useState } from 'react';
import { getBridge } from '../bridge';
import { describeError } from '../describe-error';
import { DoctorPanel } from '../doctor/DoctorPanel';
import { SecretsPanel } from '../secrets/SecretsPanel';
import { ServersPanel } from '../servers/ServersPanel';
import { startSync, useGatehouseStore } from '../store';
import { Nav, type PanelId } from './Nav';

export function App() {
  const [panel, setPanel] = useState<PanelId>('servers');
  const [fatal, setFatal] = useState<string | null>(null);

  useEffect(() => {
    try {
      return startSync(getBridge(), useGatehouseStore.getState, (error) => setFatal(describeError(error)));
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
      </main>
    </div>
  );
}
