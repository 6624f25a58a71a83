// provision → auth_connect → provision for a manifest server nobody configured yet, through a real core
// and the real keychain (contract §2.5): provision asks for the manifest's credential, auth_connect
// stores it under that name and points back at provision, and provision then finds it in the keychain
// and connects. The credential never appears in an answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { remoteManifest, startLoopbackEverything, USER_MANIFEST, type LoopbackServer } from '../../helpers/loopback-everything';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { canaryValue, keychainSessionPresent, requireKeychainSession } from './helpers/keychain-session';
import { keychainCoreEnv } from '../../helpers/keychain-env';

beforeEach(requireKeychainSession);

let workspace: Workspace;
let core: CoreUnderTest;
let remote: LoopbackServer;

beforeAll(async () => {
  if (!keychainSessionPresent()) return;
  remote = await startLoopbackEverything();
  workspace = createWorkspace();
  const manifest = join(workspace.home, USER_MANIFEST);
  mkdirSync(dirname(manifest), { recursive: true });
  writeFileSync(manifest, remoteManifest(remote.url, { vault: { env_vars: ['VAULT_API_TOKEN'] } }));
  workspace.writeConfig({ mcpServers: {} });
  core = await startCore(workspace, keychainCoreEnv(workspace.home));
});
afterAll(async () => {
  await core?.close();
  remote?.close();
  workspace?.cleanup();
});

type Answer = Record<string, unknown>;

it('provision → auth_connect → provision connects a manifest server with the stored credential', async () => {
  const secret = canaryValue();
  const first = await callMeta<Answer>(core.client, 'gateway.provision', { server_name: 'vault' });
  expect(first.body).toMatchObject({ ok: false, needs_api_key: true, env_var: 'VAULT_API_TOKEN', next_step: "gateway.auth_connect(server_name='vault')" });

  const stored = await callMeta<Answer>(core.client, 'gateway.auth_connect', { server_name: 'vault', credential: secret });
  expect(stored.body).toMatchObject({ ok: true, env_var: 'VAULT_API_TOKEN', auth_state: 'none', next_step: "gateway.provision(server_name='vault')" });
  expect(stored.body.message).toContain('provision the server next');

  const second = await callMeta<Answer>(core.client, 'gateway.provision', { server_name: 'vault' });
  expect(second.body).toMatchObject({ ok: true, status: 'complete' });
  for (const answer of [first, stored, second]) expect(JSON.stringify(answer)).not.toContain(secret);
});
