// The composition root: config store + supervisor + gateway, exposed as one API that the Electron shell,
// the CLI and the tests all drive. Nothing here imports Electron.
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import type { ServerActionResult } from '../../shared/domain';
import type { GatehouseApi } from '../../shared/ipc';
import { formatIssue } from '../config/load';
import { findProjectRoot } from '../config/project-root';
import { ConfigStore } from '../config/store';
import type { EffectiveConfig } from '../config/types';
import { createGatewayServer } from '../gateway/mcp-server';
import { Supervisor } from '../supervisor/supervisor';
import { GatewayError, safeMessage } from './errors';
import { createEvents } from './events';
import type { Gatehouse, GatehouseOptions } from './types';

function newRevision() {
  return { id: `rev-${Date.now()}-${randomBytes(3).toString('hex')}`, refreshedAt: new Date().toISOString() };
}

export function createGatehouse(options: GatehouseOptions = {}): Gatehouse {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const homeDir = options.homeDir ?? homedir();
  const projectRoot = options.projectDir ?? findProjectRoot(options.cwd ?? process.cwd(), homeDir);
  const configPath = options.configPath ?? env.GATEHOUSE_CONFIG ?? env.PMCP_CONFIG ?? null;
  const events = createEvents();
  const store = new ConfigStore({ projectRoot, homeDir, configPath });
  const supervisor = new Supervisor({
    gatewayEnv: env,
    log,
    onSnapshot: (snapshot) => events.emit('healthChanged', snapshot),
  });
  let revision = newRevision();
  let started = false;

  const applyConfig = async (config: EffectiveConfig) => {
    revision = newRevision();
    for (const issue of config.issues) log(formatIssue(issue));
    events.emit('configIssuesChanged', config.issues);
    await supervisor.apply(config.servers);
  };

  const serverAction = async (name: string, action: 'start' | 'stop'): Promise<ServerActionResult> => {
    const handle = supervisor.get(name);
    if (!handle) return { ok: false, row: null, message: `Server '${name}' is not known to Gatehouse.` };
    try {
      if (action === 'start') await handle.ensureConnected();
      else await handle.stop();
      return { ok: true, row: handle.row(), message: action === 'start' ? `${name} is online` : `${name} stopped` };
    } catch (error) {
      return { ok: false, row: handle.row(), message: safeMessage(error) };
    }
  };

  const api: GatehouseApi = {
    listHealth: async () => supervisor.snapshot(),
    listConfigIssues: async () => store.config.issues,
    startServer: async ({ name }) => serverAction(name, 'start'),
    stopServer: async ({ name }) => serverAction(name, 'stop'),
  };

  return {
    api,
    events,
    async start() {
      if (started) return;
      const fatal = store.fatalCustomIssues;
      if (fatal.length) {
        throw new GatewayError('E101', fatal.map(formatIssue).join('\n'), { path: fatal[0]?.path ?? null });
      }
      started = true;
      await applyConfig(store.config);
      store.watch((config) => {
        applyConfig(config).catch((error) => log(`config reload failed: ${safeMessage(error)}`));
      });
    },
    async stop() {
      store.close();
      started = false;
      await supervisor.stopAll();
    },
    createMcpServer(transport = 'in-process') {
      return createGatewayServer({
        supervisor,
        transport,
        revision: () => revision,
        configIssues: () => store.config.issues,
      });
    },
  };
}
