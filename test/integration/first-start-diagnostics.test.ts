// What a first start tells the operator, on exact texts: a child that crashes at start (exit code and
// its stderr, in the answer, in gateway.health and in the log), a child that exits later, a start that
// is slow because a package runner is downloading (a note while starting, then a timeout that says so
// and how to fetch it ahead of time), and a plain child that never answers. Real children, a real core.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatehouseRun } from '../../src/main/common/gatehouse-command';
import type { HealthRow } from '../../src/shared/domain';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { createWorkspace, faultServer, REPO_ROOT, type Workspace } from '../helpers/workspace';

/** Built from test/fixtures/servers/slow-start-server.ts; without SLOW_START_MS it never answers its handshake. */
const SLOW_START_SERVER = join(REPO_ROOT, 'out/fixtures/slow-start-server.mjs');
const BOOM = "console.error('boom: missing API key'); process.exit(3)";

let workspace: Workspace;
let core: CoreUnderTest | undefined;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace.cleanup();
});

async function row(name: string): Promise<HealthRow> {
  const found = (await core!.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

/** The log lines about one server, as `gatehouse logs --server NAME` selects them. */
const linesOf = (name: string) => core!.logs.filter((line) => line.startsWith(`[${name}] `));

describe('a child that crashes at start', () => {
  it('is reported with its exit code and stderr — in the answer, gateway.health and the log — not with the probe\'s words', async () => {
    workspace.writeConfig({ mcpServers: { broken: { command: process.execPath, args: ['-e', BOOM] } } });
    core = await startCore(workspace);
    const started = await core.gatehouse.api.startServer({ name: 'broken' });
    const message = 'server "broken" exited during start-up (exit code 3) — stderr: boom: missing API key';
    expect(started).toMatchObject({ ok: false, message });
    expect(await row('broken')).toMatchObject({ status: 'error', last_error: message });
    expect(linesOf('broken')).toEqual([
      expect.stringMatching(new RegExp(`^\\[broken\\] spawned pid \\d+: ${process.execPath} -e "console\\.error\\('boom: missing API key'\\); process\\.exit\\(3\\)"$`)),
      '[broken] stderr: boom: missing API key',
      `[broken] start failed: ${message}; next step: run the command of "broken" on its own to see why it stops; ${gatehouseRun('logs --server broken')} shows everything it printed`,
    ]);
  });

  it('an exit after the start is logged with its code, last stderr and what happens next; a stop with its status', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    expect((await invoke(core.client, 'fault::echo', { message: 'up' })).ok).toBe(true);
    expect(linesOf('fault')).toEqual([
      expect.stringMatching(/^\[fault\] spawned pid \d+: \S+ \S+fault-server\.mjs$/),
      expect.stringMatching(/^\[fault\] ready in \d+ ms: protocol 2025-11-25, \d+ tools$/),
    ]);
    await invoke(core.client, 'fault::crash', { code: 5 });
    const crash = await waitFor(() => linesOf('fault').find((line) => line.includes('exited unexpectedly')), 'the crash line');
    expect(crash).toMatch(/^\[fault\] server exited unexpectedly \(exit code 5\) — last stderr: crashing with code 5; (it starts again on its next use|restarting in \d+ ms)$/);
    expect(linesOf('fault')).toContain('[fault] stderr: crashing with code 5');
    expect((await row('fault')).last_error).toBe('server exited unexpectedly (exit code 5) — last stderr: crashing with code 5');

    expect((await invoke(core.client, 'fault::echo', { message: 'again' })).ok).toBe(true);
    await core.gatehouse.api.stopServer({ name: 'fault' });
    expect(linesOf('fault').at(-1)).toMatch(/^\[fault\] stopped \((signal SIGTERM|exit code 0)\)$/);
  });
});

describe('a slow start', () => {
  function fakeNpx(): string {
    // Stands in for npx fetching a package: it never answers the handshake, as a download that outlasts the connect timeout.
    const bin = join(workspace.root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\nexec "${process.execPath}" "${SLOW_START_SERVER}"\n`);
    chmodSync(join(bin, 'npx'), 0o755);
    return join(bin, 'npx');
  }

  it('says npx is probably downloading while it waits, then that it may have been, and how to fetch the package ahead of time', async () => {
    workspace.writeConfig({
      mcpServers: {
        everything: { command: fakeNpx(), args: ['-y', '@example/slow-mcp'] },
        mute: { command: process.execPath, args: [SLOW_START_SERVER] },
      },
    });
    // A 4 s connect timeout: the note comes after a quarter of it (1 s) instead of 5 s.
    core = await startCore(workspace, { ...process.env, GATEHOUSE_CONNECT_TIMEOUT_MS: '4000' });
    const starts = Promise.all([core.gatehouse.api.startServer({ name: 'everything' }), core.gatehouse.api.startServer({ name: 'mute' })]);

    const note = 'still starting after 1 s: npx is probably downloading @example/slow-mcp (first run); waiting up to 4 s for its handshake';
    const plainNote = 'still starting after 1 s: no answer to the MCP handshake yet; waiting up to 4 s for its handshake';
    await waitFor(async () => (await row('everything')).last_error === note, 'the download note in gateway.health');
    expect(await row('everything')).toMatchObject({ status: 'starting', last_error: note });
    await waitFor(async () => (await row('mute')).last_error === plainNote, 'the plain note in gateway.health');
    expect(linesOf('everything')).toContain(`[everything] ${note}`);

    const [everything, mute] = await starts;
    const timedOut = 'server "everything" did not complete the MCP handshake within 4 s; npx was probably still downloading @example/slow-mcp (a first run fetches it) — stderr: slow-start-server: never answering';
    expect(everything).toMatchObject({ ok: false, message: timedOut });
    expect(await row('everything')).toMatchObject({ status: 'error', last_error: timedOut });
    expect(linesOf('everything').at(-1)).toBe(
      `[everything] start failed: ${timedOut}; next step: fetch it ahead of time in a terminal with npx -y @example/slow-mcp --help (Ctrl-C once it runs), then start "everything" again (gateway.connect_server, or just call it), or allow a longer start with GATEHOUSE_CONNECT_TIMEOUT_MS (now 4000)`,
    );
    expect(mute).toMatchObject({ ok: false, message: 'server "mute" did not complete the MCP handshake within 4 s (no answer to initialize) — stderr: slow-start-server: never answering' });
    expect(linesOf('mute').at(-1)).toContain(`; next step: check the command and arguments of "mute" in the config, then start "mute" again (gateway.connect_server, or just call it); ${gatehouseRun('logs --server mute')} shows what it printed`);
  });
});
