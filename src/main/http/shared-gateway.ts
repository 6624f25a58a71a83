// One long-lived gateway shared by every local client: the HTTP listener plus its announcement in
// instance.json, so later `gatehouse serve --transport stdio` clients attach instead of starting a
// second core. `gatehouse serve --transport http` and the desktop app both run it.
import { safeMessage } from '../core/errors';
import type { Gatehouse } from '../core/types';
import { announceInstance } from '../state/announce';
import { newInstanceToken } from '../state/instance-file';
import { coreServerFactory, startHttpGateway, type HttpGateway } from './listener';
import type { HttpSettings } from './settings';

export interface SharedGateway {
  http: HttpGateway;
  close(): Promise<void>;
}

export async function startSharedGateway(gatehouse: Gatehouse, settings: HttpSettings, log: (line: string) => void, instancePath?: string): Promise<SharedGateway> {
  const instanceToken = newInstanceToken();
  const http = await startHttpGateway({ settings, ...coreServerFactory(gatehouse, settings), instanceToken, log });
  const release = await announceInstance({ url: http.url, port: http.port, host: settings.host, token: instanceToken, log, path: instancePath });
  return {
    http,
    async close() {
      release();
      await http.close().catch(() => undefined);
    },
  };
}

/**
 * The desktop app's core: starting it also starts the shared HTTP gateway. A taken port (another
 * gateway already serves) is logged, not fatal — the panel and tray still work on their own core.
 */
export function withSharedGateway(core: Gatehouse, settings: HttpSettings, log: (line: string) => void, instancePath?: string): Gatehouse & { shared(): SharedGateway | null } {
  let shared: SharedGateway | null = null;
  return {
    ...core,
    async start() {
      await core.start();
      try {
        shared = await startSharedGateway(core, settings, log, instancePath);
        log(`serving MCP at ${shared.http.url}`);
      } catch (error) {
        log(`the HTTP gateway did not start: ${safeMessage(error)}`);
      }
    },
    async stop() {
      await shared?.close();
      shared = null;
      await core.stop();
    },
    shared: () => shared,
  };
}
