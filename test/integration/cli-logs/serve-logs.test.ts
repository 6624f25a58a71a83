// A real `gatehouse serve --transport http` keeps its log and audit trail under the workspace's
// $XDG_STATE_HOME/gatehouse: timestamped copies of its stderr lines, one audit event per request, and
// never a secret it resolved — here a canary passed through the environment to a server that prints it
// while failing to start. `gatehouse logs` reads both back: --tail, --server, --json, --audit, --follow.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs } from '../../../src/main/cli/logs';
import { openGatewayLog } from '../../../src/main/logs/gateway-log';
import { isRoutineLine } from '../../../src/main/logs/server-lines';
import { startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { invoke } from '../../helpers/invoke';
import { waitFor } from '../../helpers/wait';
import { CLI_ENTRY, createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { CANARY_SERVER } from '../secrets/helpers/gateway-context';

import { auditEvents, capturedIo, connectHttp, gatewayLog, readText, runLogs, spawnCli } from './support';

const CANARY = `canary-${randomBytes(16).toString('hex')}`;
// Prints the resolved secret on stderr and exits: the start-up failure line quotes that stderr.
const LEAKY = `process.stderr.write('leaking ' + process.env.CANARY_TOKEN + '\\n'); process.exit(1)`;

let workspace: Workspace;
let gateway: RunningGateway;
let client: Client;

beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      fault: faultServer(),
      canary: { command: process.execPath, args: [CANARY_SERVER], env: { CANARY_TOKEN: '${CANARY_TOKEN}' } },
      leaky: { command: process.execPath, args: ['-e', LEAKY], env: { CANARY_TOKEN: '${CANARY_TOKEN}' } },
    },
    autoStart: ['leaky'],
  });
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home, env: { CANARY_TOKEN: CANARY } });
  client = await connectHttp(gateway.url);
  await waitFor(() => readText(gatewayLog(workspace)).includes('[leaky] eager start failed'), 'the leaky server to fail in the log');
});

afterAll(async () => {
  await client?.close();
  await gateway?.stop();
  workspace?.cleanup();
});

describe('gateway.log', () => {
  it('holds every line the console shows and the routine ones it leaves out, timestamped, in a private file and folder', async () => {
    await waitFor(() => readText(gatewayLog(workspace)).split('\n').length > 2, 'a few log lines');
    const stderrLines = gateway.stderr().split('\n').filter((line) => line.startsWith('gatehouse: ')).map((line) => line.slice('gatehouse: '.length));
    const fileLines = readText(gatewayLog(workspace)).split('\n').filter(Boolean);
    for (const line of fileLines) expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /);
    // The console's lines are the file's less the routine ones, in the same order (the file may be a turn behind stderr).
    const shown = fileLines.map((line) => line.slice(25)).filter((line) => !isRoutineLine(line));
    expect(stderrLines.slice(0, shown.length)).toEqual(shown);
    expect(fileLines.some((line) => isRoutineLine(line.slice(25)))).toBe(true);
    expect(statSync(gatewayLog(workspace)).mode & 0o777).toBe(0o600);
    expect(statSync(join(workspace.stateDir, 'logs')).mode & 0o777).toBe(0o700);
  });

  it('logs --tail N prints the last N lines; --server keeps that server\'s lines; --json one object a line', async () => {
    const fileLines = readText(gatewayLog(workspace)).split('\n').filter(Boolean);
    const tail = await runLogs(workspace, ['--tail', '2']);
    expect(tail.code).toBe(0);
    expect(tail.stdout).toBe(`${fileLines.slice(-2).join('\n')}\n`);

    const leaky = await runLogs(workspace, ['--server', 'leaky']);
    const leakyLines = leaky.stdout.split('\n').filter(Boolean);
    expect(leakyLines.length).toBeGreaterThan(0);
    for (const line of leakyLines) expect(line).toContain('[leaky]');
    expect((await runLogs(workspace, ['--server', 'fault'])).stdout).toBe('');

    const json = await runLogs(workspace, ['--json', '--tail', '2']);
    const parsed = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { ts: string; message: string });
    expect(parsed).toEqual(fileLines.slice(-2).map((line) => ({ ts: line.slice(0, 24), message: line.slice(25) })));
  });

  it('logs --follow prints a line appended after it started, through Ctrl-C', async () => {
    // Appended as a second writer would; the first line shows when the follower has read its tail.
    const writer = openGatewayLog(workspace.stateDir);
    writer.write('[fault] written before the follower started');
    await writer.flush();
    const follower = spawnCli(CLI_ENTRY, workspace, ['logs', '--follow', '--tail', '1', '--server', 'fault']);
    await waitFor(() => follower.stdout().includes('written before the follower started'), 'the follower to print its tail');
    writer.write('[fault] appended after the follower started');
    writer.write('[other] not this server');
    await writer.flush();
    await waitFor(() => follower.stdout().includes('appended after the follower started'), 'the follower to print the new line');
    follower.child.kill('SIGINT');
    const run = await follower.done;
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/Z \[fault\] written before the follower started$/),
      expect.stringMatching(/Z \[fault\] appended after the follower started$/),
    ]);
  });
});

describe('audit.jsonl', () => {
  it('gets one event per gateway.invoke over HTTP, as the ring stores it', async () => {
    const before = auditEvents(workspace).filter((e) => e.tool === 'fault::echo').length;
    expect((await invoke(client, 'fault::echo', { message: 'one' })).ok).toBe(true);
    expect((await invoke(client, 'fault::echo', { message: 'two' })).ok).toBe(true);
    expect((await invoke(client, 'fault::nope')).ok).toBe(false);
    const events = await waitFor(() => {
      const all = auditEvents(workspace);
      return all.some((e) => e.tool === 'fault::nope') && all;
    }, 'the invoke events in audit.jsonl');
    const echoes = events.filter((e) => e.tool === 'fault::echo');
    expect(echoes).toHaveLength(before + 2);
    expect(echoes.at(-1)).toMatchObject({ method: 'tools/call', server: 'fault', outcome: 'ok', principal: 'anonymous', session_id: expect.any(String) });
    expect(events.find((e) => e.tool === 'fault::nope')).toMatchObject({ server: 'fault', outcome: 'tool_error' });
    expect(statSync(join(workspace.stateDir, 'audit.jsonl')).mode & 0o777).toBe(0o600);
  });

  it('logs --audit shows a table, --server narrows it, --json gives the raw lines', async () => {
    const table = await runLogs(workspace, ['--audit', '--tail', '3']);
    const rows = table.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^TIME\s+OUTCOME\s+MS\s+CALL\s+SERVER\s+PRINCIPAL\s+SESSION\s+ERROR$/);
    expect(rows.slice(1).map((row) => row.slice(0, 24))).toEqual(auditEvents(workspace).slice(-3).map((e) => e.ts));
    expect(table.stdout).toMatch(/tool_error\s+\d+\s+fault::nope\s+fault\s+anonymous/);

    const fault = await runLogs(workspace, ['--audit', '--server', 'fault']);
    const faultRows = fault.stdout.trim().split('\n').slice(1);
    expect(faultRows.length).toBeGreaterThanOrEqual(3);
    for (const row of faultRows) expect(row).toMatch(/fault::\S+\s+fault\s/);

    const json = await runLogs(workspace, ['--audit', '--json', '--tail', '2']);
    const last = auditEvents(workspace).slice(-2);
    expect(json.stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(last);
  });

  it('logs --audit --follow prints a request made after it started', async () => {
    const { io, out } = capturedIo(workspace);
    const stop = new AbortController();
    const following = logs(['--audit', '--follow', '--tail', '0', '--server', 'fault'], io, stop.signal);
    await waitFor(() => out().stdout.startsWith('TIME'), 'the table header');
    await invoke(client, 'fault::echo', { message: 'followed' });
    await waitFor(() => out().stdout.includes('fault::echo'), 'the new audit row');
    stop.abort();
    expect(await following).toBe(0);
    expect(out().stdout.trim().split('\n')).toEqual([expect.stringMatching(/^TIME/), expect.stringMatching(/ok\s+\d+\s+fault::echo\s+fault\s+anonymous/)]);
  });
});

it('a secret resolved from the environment reaches the server but no log or audit file', async () => {
  // The canary really flows: the server received it, echoes it (the answer is redacted) and prints it.
  const leaked = await invoke(client, 'canary::leak', { name: 'CANARY_TOKEN' });
  expect(leaked.ok).toBe(true);
  expect(leaked.text).not.toContain(CANARY);
  await waitFor(() => auditEvents(workspace).some((e) => e.tool === 'canary::leak'), 'the leak call in audit.jsonl');
  await client.close();
  expect(await gateway.stop()).toBe(0); // flushes on the way out
  const log = readText(gatewayLog(workspace));
  expect(log).toMatch(/\[leaky\] eager start failed: .*leaking \[REDACTED\]/);
  const base64 = Buffer.from(CANARY).toString('base64');
  const written = [join(workspace.stateDir, 'logs'), workspace.stateDir].flatMap((dir) =>
    readdirSync(dir).filter((name) => /^(gateway\.log|audit\.jsonl)/.test(name)).map((name) => join(dir, name)),
  );
  expect(written.length).toBeGreaterThanOrEqual(2);
  for (const path of written) {
    const text = readText(path);
    expect(text, path).not.toContain(CANARY);
    expect(text, path).not.toContain(base64);
  }
  expect(gateway.stderr()).not.toContain(CANARY);
});
