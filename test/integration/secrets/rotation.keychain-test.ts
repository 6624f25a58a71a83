// A credential changed while servers run reaches them: through the panel, through another writer of the
// keychain and its index (as `gatehouse secrets set` in another terminal), and through auth_connect. Only
// the servers that reference the name restart; the others keep their process.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSecretStore } from '../../../src/main/secrets/store';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { CANARY_SERVER } from './helpers/gateway-context';
import { canaryValue, requireKeychainSession } from './helpers/keychain-session';
import { keychainCoreEnv } from '../../helpers/keychain-env';

beforeEach(requireKeychainSession);
let workspace: Workspace;
let core: CoreUnderTest | undefined;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await core?.close();
  workspace.cleanup();
});

const digestOf = (value: string) => createHash('sha256').update(value).digest('hex');

it('restarts exactly the servers that use a changed credential, wherever it was changed', async () => {
  const env = keychainCoreEnv(workspace.home);
  const first = canaryValue('ROTATE');
  await createSecretStore({ env, homeDir: workspace.home }).set({ scope: 'user' }, 'ROTATE_TOKEN', first);
  workspace.writeConfig({
    mcpServers: {
      user: { command: process.execPath, args: [CANARY_SERVER], env: { ROTATE_TOKEN: '${ROTATE_TOKEN}' } },
      bystander: { command: process.execPath, args: [CANARY_SERVER] },
      busy: faultServer({ ROTATE_TOKEN: '${ROTATE_TOKEN}' }),
    },
  });
  core = await startCore(workspace, env);
  const c = core;
  const seenDigest = async () => {
    const answer = await callMeta<{ result?: { content: { text: string }[] } }>(c.client, 'gateway.invoke', { tool_id: 'user::env_digest', arguments: { name: 'ROTATE_TOKEN' } });
    return answer.body.result?.content[0]?.text;
  };
  const pidOf = async (name: string) => (await c.gatehouse.api.listHealth({})).rows.find((r) => r.name === name)?.pid;
  expect(await seenDigest()).toBe(digestOf(first));
  await callMeta(c.client, 'gateway.invoke', { tool_id: 'bystander::env_names' });
  const bystanderPid = await pidOf('bystander');
  expect(bystanderPid).toEqual(expect.any(Number));

  // The panel, while another user of the name has a call in flight: that call finishes undisturbed, and
  // its server restarts only afterwards.
  const slow = callMeta<{ ok: boolean }>(c.client, 'gateway.invoke', { tool_id: 'busy::slow', arguments: { ms: 5000 } });
  const busyPid = await waitFor(async () => (await c.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'busy' && r.pending_count > 0)?.pid, 'the slow call to be in flight');
  const second = canaryValue('ROTATE');
  expect((await c.gatehouse.api.setSecret({ scope: 'user', name: 'ROTATE_TOKEN', value: second })).ok).toBe(true);
  await waitFor(async () => (await seenDigest()) === digestOf(second), 'the server to run with the value set in the panel');
  expect(await pidOf('busy')).toBe(busyPid);
  expect((await slow).body.ok).toBe(true);
  await waitFor(async () => (await pidOf('busy')) !== busyPid, 'the busy server to restart once its call finished');

  // Another writer of the keychain and the index (what `gatehouse secrets set` in a terminal does).
  const third = canaryValue('ROTATE');
  await createSecretStore({ env, homeDir: workspace.home }).set({ scope: 'user' }, 'ROTATE_TOKEN', third);
  await waitFor(async () => (await seenDigest()) === digestOf(third), 'the server to run with the value set by another writer');

  // gateway.auth_connect reconnects before it answers.
  const fourth = canaryValue('ROTATE');
  const stored = await callMeta(c.client, 'gateway.auth_connect', { server_name: 'user', credential: fourth, env_var: 'ROTATE_TOKEN', overwrite: true });
  expect(stored.body).toMatchObject({ ok: true, message: expect.stringContaining('the server is connected') });
  expect(await seenDigest()).toBe(digestOf(fourth));

  expect(await pidOf('bystander')).toBe(bystanderPid);
  expect(c.logs.some((line) => line.includes('[user] a credential it uses changed; restarting with the new value'))).toBe(true);
  for (const value of [first, second, third, fourth]) expect(c.logs.join('\n')).not.toContain(value);
});
