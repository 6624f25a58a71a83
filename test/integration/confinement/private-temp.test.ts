// A server kept under /tmp, under real bubblewrap: its script is shown (its entry names it) but the
// module beside it is not, since /tmp is private inside the sandbox. The health row says so before it
// starts, and its start-up error names the cause and the fix instead of only "cannot find module"; with
// its folder granted, the same server starts (the control).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { attempt, createConfinedWorkspace, ESCAPE_SERVER, type ConfinedWorkspace } from './support';

let workspace: ConfinedWorkspace;
let core: CoreUnderTest;
let app: string;

beforeAll(async () => {
  // Under the system's /tmp on purpose: that is the case.
  app = mkdtempSync(join(tmpdir(), 'gatehouse-private-temp-'));
  writeFileSync(join(app, 'lib.mjs'), 'export const ready = true;\n');
  writeFileSync(join(app, 'server.mjs'), `import { ready } from './lib.mjs';\nif (ready) await import(${JSON.stringify(pathToFileURL(ESCAPE_SERVER).href)});\n`);
  workspace = createConfinedWorkspace();
  workspace.writeConfig({ mcpServers: {} });
  const server = { command: process.execPath, args: [join(app, 'server.mjs')] };
  workspace.writeUserConfig({ mcpServers: { tmpapp: server, granted: { ...server, gatehouse: { confinement: { grants: [app] } } } } });
  core = await startCore(workspace, workspace.env);
});

afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
  rmSync(app, { recursive: true, force: true });
});

describe('a server under a private /tmp', () => {
  it('is named in its gaps before it starts, with the grant that fixes it', async () => {
    const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'tmpapp');
    expect(row?.confinement?.gaps).toContainEqual(expect.stringContaining(`under a private /tmp: ${join(app, 'server.mjs')} is under /tmp`));
    expect(row?.confinement?.gaps.join('\n')).toContain(`"grants": [${JSON.stringify(app)}]`);
    const granted = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'granted');
    expect(granted?.confinement?.gaps.join('\n')).not.toContain('under a private /tmp');
  });

  it('fails to start with the cause and the fix in its error, not only the missing module', async () => {
    const started = await core.gatehouse.api.startServer({ name: 'tmpapp' });
    expect(started.ok).toBe(false);
    expect(started.message).toContain('exited during start-up (exit code 1); likely why: its files are under /tmp, which is private inside its sandbox');
    // A client's view of the same failure carries the next step with whole paths.
    const answer = await core.client.callTool({ name: 'gateway.connect_server', arguments: { server_name: 'tmpapp' } });
    const body = JSON.parse((answer.content as { text: string }[])[0]?.text ?? '{}') as { message: string; errors: { code: string; suggestion: string }[] };
    expect(body.message).toContain('likely why: its files are under /tmp');
    expect(body.errors[0]).toMatchObject({ code: 'E204', suggestion: expect.stringContaining(`${join(app, 'server.mjs')} is under /tmp`) });
    expect(body.errors[0]?.suggestion).toContain(`"grants": [${JSON.stringify(app)}]`);
  });

  it('starts with its folder granted (the control)', async () => {
    expect(await core.gatehouse.api.startServer({ name: 'granted' })).toMatchObject({ ok: true });
    expect(await attempt(core.client, 'granted', 'whoami')).toMatchObject({ home: workspace.home });
  });
});
