// One long-lived gateway shared by every local client: the HTTP listener plus its announcement in
// instance.json, so later `gatehouse serve --transport stdio` clients attach instead of starting a
// second core. `gatehouse serve --transport http` and the desktop app both run it.
import type { Gatehouse } from './types';
import { announceInstance } from '../state/announce';
import { newInstanceToken, type InstanceRecord } from '../state/instance-file';
import { findLiveInstance } from '../state/live-instance';
import { instanceFilePath } from '../state/paths';
import { startHttpGateway, type HttpGateway, type HttpGatewayOptions } from '../http/listener';
import type { HttpSettings } from '../http/settings';

/** The wiring `gatehouse serve` uses: one gateway server per session from the core. */
export function coreServerFactory(
  gatehouse: Gatehouse,
  settings?: Pick<HttpSettings, 'rateLimitPerMinute'>,
): Pick<HttpGatewayOptions, 'createServer' | 'health' | 'hooks' | 'audit' | 'registerSecrets' | 'onListChanged' | 'listedInputSchema'> {
  return {
    // A handshake session owns its calls; stateless requests belong to their principal (contract §8.3),
    // keyed by method and identity so a JWT subject named "local" is not the instance token's holder.
    createServer: (identity) =>
      gatehouse.createMcpServer(
        'http',
        {
          sessionId: identity.sessionId ?? `principal:${identity.principalKey}`,
          operator: identity.operator,
          projectRoot: identity.project ?? null,
          stateless: identity.sessionId === null,
        },
        { rateLimitRpm: settings?.rateLimitPerMinute },
      ),
    health: () => gatehouse.api.listHealth({}),
    hooks: {
      hasPendingWork: (sessionId) => gatehouse.hasPendingWork(sessionId),
      onSessionClosed: (identity) => {
        if (identity.sessionId) gatehouse.endSession(identity.sessionId);
      },
    },
    audit: gatehouse.audit,
    onListChanged: (listener) => gatehouse.onListChanged(listener),
    listedInputSchema: (project, clientName, name) => gatehouse.listedInputSchema(project, clientName, name),
    registerSecrets: (values) => {
      for (const value of values) gatehouse.addSecretValue(value);
    },
  };
}

/**
 * One gateway per user: a second core beside a running one would start its own copies of every server.
 * A value, not a throw: `serve` prints it and exits, the desktop app offers to attach or take over.
 */
export interface GatewayAlreadyRunning {
  code: 'GATEWAY_ALREADY_RUNNING';
  record: InstanceRecord;
  path: string;
  message: string;
  next_step: string;
}

/** The gateway instance.json announces, once it proved it is that gateway; null when none runs. */
export async function runningGateway(path = instanceFilePath()): Promise<GatewayAlreadyRunning | null> {
  const live = await findLiveInstance(path);
  if (!live.ok) return null;
  const { record } = live;
  return {
    code: 'GATEWAY_ALREADY_RUNNING',
    record,
    path,
    message: `a Gatehouse gateway already runs for this user: pid ${record.pid}, serving ${record.url} (announced in ${path}); a second one would start its own copies of every server`,
    next_step: `use that one (stdio clients attach to it on their own), or stop it first — quit the Gatehouse app from its tray menu, or stop that \`gatehouse serve\` (kill ${record.pid}); --standalone runs a separate, unannounced gateway anyway`,
  };
}

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
