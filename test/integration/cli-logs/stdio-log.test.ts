// `gatehouse serve --transport stdio` keeps the same log as the HTTP serve: its stderr lines, timestamped,
// in $XDG_STATE_HOME/gatehouse/logs/gateway.log — down to the shutdown lines written as it exits.
import { expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';
import { invoke } from '../../helpers/invoke';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, faultServer } from '../../helpers/workspace';
import { connectStdioCli } from '../http/cli';
import { auditEvents, gatewayLog, readText } from './support';

it('logs a standalone stdio gateway, and its audit events, through to its shutdown', async () => {
  requireBuild();
  const workspace = createWorkspace();
  try {
    workspace.writeConfig({ mcpServers: { fault: faultServer(), broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] } }, autoStart: ['broken'] });
    const stdio = await connectStdioCli(workspace.project, workspace.home, { args: ['--standalone', '--project', workspace.project] });
    expect((await invoke(stdio.client, 'fault::echo', { message: 'over stdio' })).ok).toBe(true);
    await waitFor(() => stdio.stderr().includes('[broken] eager start failed'), 'the broken server to fail');
    await stdio.client.close(); // closes stdin: the gateway stops and exits
    const log = await waitFor(() => {
      const text = readText(gatewayLog(workspace));
      return text.includes('stopping (stdin closed)') && text;
    }, 'the shutdown line in gateway.log');
    expect(log).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z \[broken\] eager start failed/m);
    for (const line of stdio.stderr().split('\n').filter((l) => l.startsWith('gatehouse: '))) {
      expect(log).toContain(` ${line.slice('gatehouse: '.length)}\n`);
    }
    expect(auditEvents(workspace).filter((e) => e.tool === 'fault::echo')).toEqual([expect.objectContaining({ outcome: 'ok', principal: 'local' })]);
  } finally {
    workspace.cleanup();
  }
});
