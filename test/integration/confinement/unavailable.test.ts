// A host that cannot confine (no bubblewrap, no user namespaces) — described to the supervisor, since
// this machine can — never runs a server unconfined silently: without an allowance the server does not
// start (E204 with what is missing and the ways out, nothing spawned, the row says `unavailable`); with
// `allow_unconfined` in its entry it runs, and its row and log say `unconfined` and why. Real handles,
// real children.
import { afterEach, describe, expect, it } from 'vitest';
import type { HostSupport } from '../../../src/main/common/confinement/host-support';
import type { StdioServerDefinition } from '../../../src/main/config/types';
import { confinementContext } from '../../../src/main/supervisor/confinement/launch';
import { PendingCalls } from '../../../src/main/supervisor/pending-calls';
import { ServerHandle } from '../../../src/main/supervisor/server-handle';
import { FAULT_SERVER } from '../../helpers/workspace';

const NO_BWRAP: HostSupport = { platform: 'linux', bwrap: null, version: null, problem: 'bubblewrap (bwrap) is not installed (Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)', userNamespace: false, networkNamespace: false, networkProblem: null, disableUserns: false };
const NO_USERNS: HostSupport = { platform: 'linux', bwrap: '/usr/bin/bwrap', version: '0.8.0', problem: 'bubblewrap cannot make a user namespace here: setting up uid map: Permission denied (kernel.unprivileged_userns_clone = 0)', userNamespace: false, networkNamespace: false, networkProblem: null, disableUserns: true };

const handles: ServerHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.stop();
});

function handle(support: HostSupport, confinement?: StdioServerDefinition['confinement']) {
  const logs: string[] = [];
  const spawned: number[] = [];
  const definition: StdioServerDefinition = {
    name: 'fault', source: 'user', sourcePath: '/home/op/.mcp.json', startupPolicy: 'lazy', transport: 'stdio',
    command: process.execPath, args: [FAULT_SERVER], env: {}, cwd: process.cwd(), ...(confinement && { confinement }),
  };
  const created = new ServerHandle(definition, {
    gatewayEnv: process.env,
    connectTimeoutMs: 30_000,
    pending: new PendingCalls(),
    onChange: () => undefined,
    onChildStarted: (process) => spawned.push(process.child.pid ?? 0),
    log: (line) => logs.push(line),
    confinement: { ...confinementContext(process.env), support },
  });
  handles.push(created);
  return { handle: created, logs, spawned };
}

describe('a host that cannot confine', () => {
  it.each([['without bubblewrap', NO_BWRAP, 'bubblewrap (bwrap) is not installed'], ['without user namespaces', NO_USERNS, 'kernel.unprivileged_userns_clone = 0']])(
    '%s: the server does not start, says why and what to do, and nothing is spawned',
    async (_label, support, missing) => {
      const { handle: h, spawned } = handle(support);
      expect(h.row().confinement).toMatchObject({ state: 'unavailable', reason: expect.stringContaining(missing) });
      const failure = await h.ensureConnected().catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'E204', details: { server: 'fault', confinement: 'unavailable' } });
      const message = (failure as Error).message;
      expect(message).toContain(missing);
      expect(message).toContain('"allow_unconfined": true');
      expect(message).toContain('GATEHOUSE_CONFINEMENT=off');
      expect(spawned).toEqual([]);
      expect(h.row()).toMatchObject({ status: 'error', pid: null, confinement: { state: 'unavailable' } });
    },
  );

  it('with allow_unconfined in its entry it runs — and its row and log say unconfined, and why', async () => {
    const { handle: h, logs } = handle(NO_BWRAP, { allowUnconfined: true });
    await h.ensureConnected();
    expect(h.row()).toMatchObject({ status: 'online', confinement: { state: 'unconfined', backend: null, reason: expect.stringMatching(/^bubblewrap \(bwrap\) is not installed .*; its entry allows running unconfined$/) } });
    expect(logs).toContain(`[fault] running unconfined: ${h.row().confinement?.reason}`);
  });

  it('the operator switch turns it off for every server, saying so', async () => {
    const logs: string[] = [];
    const definition: StdioServerDefinition = { name: 'fault', source: 'user', sourcePath: null, startupPolicy: 'lazy', transport: 'stdio', command: process.execPath, args: [FAULT_SERVER], env: {}, cwd: process.cwd() };
    const h = new ServerHandle(definition, { gatewayEnv: { ...process.env, GATEHOUSE_CONFINEMENT: 'off' }, connectTimeoutMs: 30_000, pending: new PendingCalls(), onChange: () => undefined, log: (line) => logs.push(line) });
    handles.push(h);
    await h.ensureConnected();
    expect(h.row().confinement).toMatchObject({ state: 'unconfined', reason: 'the operator turned confinement off (GATEHOUSE_CONFINEMENT=off)' });
    expect(logs).toContain('[fault] running unconfined: the operator turned confinement off (GATEHOUSE_CONFINEMENT=off)');
  });
});
