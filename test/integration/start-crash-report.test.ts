// A server that dies while it starts is reported by its exit status and last stderr lines — in the
// message and in the health row's last_exit_code — never by the SDK's probe words ("Version
// negotiation probe failed: Connection closed"), however late the exit follows the closed pipe.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';

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

/** Closes stdout (the MCP channel) at once, prints why, and exits a while later, as a slow teardown does. */
function closesThenExits(exitAfterMs: number) {
  const script = `process.stderr.write('fatal: config file not found\\n'); require('node:fs').closeSync(1); setTimeout(() => process.exit(5), ${exitAfterMs});`;
  return { command: process.execPath, args: ['-e', script] };
}

describe('a server that crashes at start', () => {
  it('shows its exit code and stderr when the exit comes well after the pipe closed', async () => {
    workspace.writeConfig({ mcpServers: { late: closesThenExits(1500) } });
    core = await startCore(workspace);
    const result = await core.gatehouse.api.startServer({ name: 'late' });
    expect(result.ok).toBe(false);
    expect(result.message).not.toContain('Version negotiation');
    expect(result.message).toContain('exited during start-up (exit code 5)');
    expect(result.message).toContain('fatal: config file not found');
    expect(result.row).toMatchObject({ status: 'error', last_exit_code: 5, last_exit_signal: null });
  });

  it('keeps the exit code of an immediate crash in the health row', async () => {
    workspace.writeConfig({ mcpServers: { boom: faultServer({ FAULT_CRASH_AT_START: '1' }) } });
    core = await startCore(workspace);
    const result = await core.gatehouse.api.startServer({ name: 'boom' });
    expect(result.message).toContain('exit code 9');
    expect(result.row).toMatchObject({ status: 'error', last_exit_code: 9 });
    expect(result.row?.last_error).toContain('configured to crash at start');
  });
});
