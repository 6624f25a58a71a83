// A first start as a user sees it with the real `gatehouse serve --transport http`: `gatehouse logs
// --server NAME` finds each server's life (spawn, handshake, its own stderr — bounded —, a failed start
// with its next step, the stop), hints name the command as this user runs it, and the console stays
// quiet — start-up, warnings, errors — while gateway.log keeps every line; --verbose shows them all.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatehouseRun } from '../../src/main/common/gatehouse-command';
import { isRoutineLine } from '../../src/main/logs/server-lines';
import { startHttpCli, type RunningGateway } from '../helpers/cli-process';
import { invoke } from '../helpers/invoke';
import { waitFor } from '../helpers/wait';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';
import { connectHttp, gatewayLog, readText, runLogs } from './cli-logs/support';

const BOOM = "console.error('boom: missing API key'); process.exit(3)";
const CHATTY_LINES = 300;

let workspace: Workspace;
let gateway: RunningGateway;
let client: Client;
let fakeBin: string;

/** A PATH with an installed `gatehouse` on it, and no npm around: hints then say `gatehouse …`. */
function installedGatehouseEnv(): NodeJS.ProcessEnv {
  return { PATH: `${fakeBin}:${process.env.PATH ?? ''}`, npm_command: '', npm_lifecycle_event: '' };
}

/** `gatehouse logs --server NAME`, the time stamps taken off. */
async function serverLines(name: string): Promise<string[]> {
  const run = await runLogs(workspace, ['--server', name, '--tail', '1000']);
  return run.stdout.split('\n').filter(Boolean).map((line) => line.slice(25));
}

const consoleLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('gatehouse: ')).map((line) => line.slice('gatehouse: '.length));

beforeAll(async () => {
  workspace = createWorkspace();
  fakeBin = join(workspace.root, 'bin');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'gatehouse'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(fakeBin, 'gatehouse'), 0o755);
  workspace.writeConfig({
    mcpServers: {
      fault: faultServer(),
      broken: { command: process.execPath, args: ['-e', BOOM] },
      chatty: faultServer({ FAULT_STDERR_LINES: String(CHATTY_LINES) }),
    },
    autoStart: ['broken', 'chatty'],
  });
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home, env: installedGatehouseEnv() });
  client = await connectHttp(gateway.url);
  await waitFor(() => readText(gatewayLog(workspace)).includes('[broken] eager start failed'), 'the broken eager start in the log');
  // chatty's start (and its 300 stderr lines) is done once a call to it answers.
  expect((await invoke(client, 'chatty::echo', { message: 'up' })).ok).toBe(true);
});

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await gateway?.stop();
  workspace?.cleanup();
});

describe('logs --server NAME', () => {
  it('finds a lazy server\'s spawn and handshake once it ran', async () => {
    expect(await serverLines('fault')).toEqual([]);
    expect((await invoke(client, 'fault::echo', { message: 'hi' })).ok).toBe(true);
    await waitFor(() => readText(gatewayLog(workspace)).includes('[fault] ready in'), 'the ready line');
    expect(await serverLines('fault')).toEqual([
      expect.stringMatching(/^\[fault\] spawned pid \d+: \S+node\S* \S+\/fault-server\.mjs$/),
      expect.stringMatching(/^\[fault\] ready in \d+ ms: protocol 2025-11-25, \d+ tools$/),
    ]);
  });

  it('finds a crash at start: the spawn, its stderr, exit code and the next step as this user runs gatehouse', async () => {
    expect(await serverLines('broken')).toEqual([
      expect.stringMatching(/^\[broken\] spawned pid \d+: \S+ -e "console\.error\('boom: missing API key'\); process\.exit\(3\)"$/),
      '[broken] stderr: boom: missing API key',
      '[broken] eager start failed: server "broken" exited during start-up (exit code 3) — stderr: boom: missing API key; next step: run the command of "broken" on its own to see why it stops; gatehouse logs --server broken shows everything it printed',
    ]);
  });

  it('says so when a server has no lines, instead of printing nothing', async () => {
    const run = await runLogs(workspace, ['--server', 'nosuch']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`gatehouse: no lines about server "nosuch" in ${gatewayLog(workspace)} (or its rotated copies); it has not started since the log began, or the name is not one of ${gatehouseRun('status')}'s servers\n`);
  });
});

describe('shutdown', () => {
  it('keeps every line in gateway.log, shows only the non-routine ones on the console, and bounds a chatty child', async () => {
    expect(await gateway.stop()).toBe(0);
    const file = readText(gatewayLog(workspace)).split('\n').filter(Boolean).map((line) => line.slice(25));
    expect(file).toContainEqual(expect.stringMatching(/^session [\w-]{8} ended \(shutdown\)$/));
    expect(file).toContainEqual(expect.stringMatching(/^\[fault\] stopped \((signal SIGTERM|exit code 0)\)$/));
    expect(file).toContain('stopping 2 server(s): chatty, fault');
    expect(file).toContain('stopped 2 server(s)');
    // The console: the same lines, less the routine ones (sessions ending, spawned, ready, stopped, stderr).
    const printed = consoleLines(gateway.stderr());
    expect(printed).toEqual(file.filter((line) => !isRoutineLine(line)));
    expect(printed.some((line) => line.startsWith('serving MCP at '))).toBe(true);
    expect(printed).toContain('[broken] eager start failed: server "broken" exited during start-up (exit code 3) — stderr: boom: missing API key; next step: run the command of "broken" on its own to see why it stops; gatehouse logs --server broken shows everything it printed');
    expect(printed.filter(isRoutineLine)).toEqual([]);

    // 300 stderr lines at start: the first ones are logged, the rest counted in one line at the stop.
    const noise = file.filter((line) => line.startsWith('[chatty] stderr: noise line '));
    const dropped = file.map((line) => /^\[chatty\] stderr: (\d+) more lines not logged \(after the first 100, at most 30 a minute are\); gateway\.health with verbose=true shows the last 10$/.exec(line)).find(Boolean);
    expect(noise.length).toBeLessThan(CHATTY_LINES);
    expect(noise.length + Number(dropped?.[1])).toBe(CHATTY_LINES);
  });
});

it('--verbose puts the routine lines on the console too', async () => {
  const verbose = createWorkspace();
  try {
    verbose.writeConfig({ mcpServers: { fault: faultServer() }, autoStart: ['fault'] });
    const run = await startHttpCli({ project: verbose.project, home: verbose.home, extraArgs: ['--verbose'] });
    await waitFor(() => run.stderr().includes('[fault] ready in'), 'the ready line on the console');
    expect(await run.stop()).toBe(0);
    const printed = consoleLines(run.stderr());
    expect(printed).toContainEqual(expect.stringMatching(/^\[fault\] spawned pid \d+: /));
    expect(printed).toContainEqual(expect.stringMatching(/^\[fault\] stopped \((signal SIGTERM|exit code 0)\)$/));
  } finally {
    verbose.cleanup();
  }
});
