// The desktop app's gateway: starting its core also serves loopback HTTP and announces the instance, so
// stdio clients can attach; a taken port is logged, not fatal; stopping removes the announcement.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import { resolveHttpSettings } from '../../src/main/http/settings';
import { withSharedGateway } from '../../src/main/core/shared-gateway';
import { verifyListener } from '../../src/main/state/verify-listener';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
beforeEach(() => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
});
afterEach(() => workspace.cleanup());

function desktopCore(instancePath: string, logs: string[], port = 0) {
  const settings = resolveHttpSettings({ port }, { env: {}, readFile: () => '', warn: (line) => logs.push(line) });
  const core = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, log: (line) => logs.push(line) });
  return withSharedGateway(core, settings, (line) => logs.push(line), instancePath);
}

it('serves HTTP and announces itself while running, and withdraws on stop', async () => {
  const instancePath = join(workspace.root, 'state', 'instance.json');
  const logs: string[] = [];
  const app = desktopCore(instancePath, logs);
  await app.start();
  try {
    const shared = app.shared();
    expect(shared).not.toBeNull();
    const record = JSON.parse(readFileSync(instancePath, 'utf8')) as { url: string; pid: number; token: string };
    expect(record).toMatchObject({ url: shared!.http.url, pid: process.pid });
    // Local clients check the listener is this gateway (it proves it holds the announced token) before sending it.
    expect(await verifyListener(new URL(record.url), record.token)).toEqual({ ok: true });
    const health = await fetch(new URL('/health', shared!.http.url));
    expect(health.status).toBe(200);
  } finally {
    await app.stop();
  }
  expect(existsSync(instancePath)).toBe(false);
});

it('keeps running without HTTP when the port is taken', async () => {
  const instancePath = join(workspace.root, 'state', 'instance.json');
  const first = desktopCore(instancePath, []);
  await first.start();
  const logs: string[] = [];
  const port = Number(new URL(first.shared()!.http.url).port);
  const second = desktopCore(join(workspace.root, 'state2', 'instance.json'), logs, port);
  try {
    await second.start();
    expect(second.shared()).toBeNull();
    expect(logs.join('\n')).toContain(`port ${port}`);
    expect((await second.api.listHealth({})).rows.map((r) => r.name)).toEqual(['fault']);
  } finally {
    await second.stop();
    await first.stop();
  }
});
