// A real Supervisor, real temp state folders and the discovery tools, driven directly. `activate`
// stands in for the core's wiring: provisioned definitions merged under the configured ones.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerDefinition } from '../../../src/main/config/types';
import { createDiscovery, type Discovery } from '../../../src/main/discovery';
import { discoveryTools } from '../../../src/main/gateway/tools/discovery';
import type { DiscoveryContext } from '../../../src/main/discovery/types';
import type { GatewayContext, MetaTool } from '../../../src/main/gateway/meta-tool';
import { Supervisor } from '../../../src/main/supervisor/supervisor';
import { testGatewayContext } from '../../helpers/gateway-context';

export interface Harness {
  root: string;
  ctx: DiscoveryContext;
  discovery: Discovery;
  supervisor: Supervisor;
  gateway: GatewayContext;
  call<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

export function createHarness(options: { env?: NodeJS.ProcessEnv; configured?: ServerDefinition[]; gateway?: Partial<GatewayContext>; ctx?: Partial<DiscoveryContext> } = {}): Harness {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-discovery-'));
  const home = join(root, 'home');
  for (const dir of [home, join(root, 'project')]) mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX, HOME: home, XDG_CONFIG_HOME: join(root, 'config'), ...options.env };
  const supervisor = new Supervisor({ gatewayEnv: { ...process.env, ...env }, stateDir: join(root, 'state'), log: () => undefined, onSnapshot: () => undefined, connectTimeoutMs: 60_000 });
  const configured = new Map((options.configured ?? []).map((d) => [d.name, d]));
  let discovery: Discovery;
  const ctx: DiscoveryContext = {
    env,
    homeDir: home,
    projectRoot: join(root, 'project'),
    stateDir: join(root, 'state'),
    cacheDir: join(root, 'cache'),
    log: () => undefined,
    activate: async () => {
      const provisioned = discovery.provisionedDefinitions().map((d) => [d.name, d] as const);
      await supervisor.apply(new Map([...provisioned, ...configured]));
    },
    ...options.ctx,
  };
  discovery = createDiscovery(ctx);
  const gateway = testGatewayContext(supervisor, options.gateway ?? {});
  const byName = new Map<string, MetaTool>(discoveryTools(discovery.state).map((t) => [t.name, t]));
  const call = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const tool = byName.get(name);
    if (!tool) throw new Error(`no tool ${name}`);
    const result = await tool.run(tool.input.parse(args), gateway, { signal: new AbortController().signal, progressToken: undefined, sendProgress: async () => undefined });
    const first = result.content[0];
    if (first?.type !== 'text') throw new Error('no text block');
    return JSON.parse(first.text) as T;
  };
  return {
    root,
    ctx,
    discovery,
    supervisor,
    gateway,
    call,
    async close() {
      await supervisor.stopAll();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
