// The Logs panel's channel against a real core: a server that prints the secret it was given fails
// its eager start, and listLogs answers that failure with the secret already scrubbed.
import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../src/shared/logs';
import { coreForFile } from '../helpers/core';
import { waitFor } from '../helpers/wait';

const CANARY = 'logs-canary-7c3d19b2';
// Writes its env value to stderr and exits: the core quotes that stderr in the start failure it logs.
const LEAKY = `process.stderr.write('token=' + process.env.LEAKY_TOKEN + '\\n'); process.exit(3)`;

const config = (quietArgs: string[]) => ({
  mcpServers: {
    leaky: { command: process.execPath, args: ['-e', LEAKY], env: { LEAKY_TOKEN: '${GATEHOUSE_LOGS_CANARY}' } },
    quiet: { command: process.execPath, args: quietArgs },
  },
  autoStart: ['leaky', 'quiet'],
});

const files = coreForFile(config(['-e', 'process.exit(1)']), () => ({ ...process.env, GATEHOUSE_LOGS_CANARY: CANARY }));

const listLogs = async (server?: string, limit?: number): Promise<LogLine[]> => (await files.core.gatehouse.api.listLogs({ server, limit })).lines;

describe('listLogs', () => {
  it('answers the core log lines, redacted, with the server parsed from the prefix', async () => {
    const failed = (server: string) => async () => (await listLogs(server)).find((l) => l.text.includes('eager start failed'));
    const first = await waitFor(failed('leaky'), 'the [leaky] eager failure logged');
    await waitFor(failed('quiet'), 'the [quiet] eager failure logged');
    const all = await listLogs();
    expect(JSON.stringify(all)).not.toContain(CANARY);
    expect(JSON.stringify(files.core.logs)).not.toContain(CANARY);

    expect(first.text).toMatch(/^\[leaky\] eager start failed: .*token=/);
    expect(first.server).toBe('leaky');
    expect(Number.isNaN(Date.parse(first.ts))).toBe(false);
    // The same text the core wrote to its log sink: the ring holds nothing the log does not.
    for (const line of all) expect(files.core.logs).toContain(line.text);
    expect((await listLogs('leaky')).every((line) => line.server === 'leaky')).toBe(true);
    expect(await listLogs(undefined, 1)).toEqual(all.slice(-1));
  });

  it('pushes each new line as logAppended, in the shape listLogs answers', async () => {
    const pushed: LogLine[] = [];
    const off = files.core.gatehouse.events.on('logAppended', (line) => pushed.push(line));
    try {
      // A changed definition is replaced on reload and, being eager, fails to start again.
      files.workspace.writeConfig(config(['-e', 'process.exit(2)']));
      // The server's spawn and stderr lines come first (lifecycle lines); the failure is the one to find.
      const line = await waitFor(() => pushed.find((l) => l.server === 'quiet' && l.text.includes('eager start failed')), 'a pushed [quiet] failure line', 20_000);
      expect(line.text).toMatch(/^\[quiet\] eager start failed/);
      expect(await listLogs('quiet')).toContainEqual(line);
    } finally {
      off();
    }
    expect(JSON.stringify(pushed)).not.toContain(CANARY);
  });
});
