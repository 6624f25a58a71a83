// One client session must never be able to degrade another's answers through the shared redactor
// (issue 11, item 5): a session that "stores" the credential `true` used to add the word to the redactor,
// and every other session's gateway.health then carried [REDACTED] where a boolean stood and stopped
// being valid JSON. Real core, real keychain, two real SDK sessions.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startCore } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { CANARY_SERVER } from './helpers/gateway-context';
import { requireKeychainSession } from './helpers/keychain-session';

beforeEach(requireKeychainSession);
let workspace: Workspace;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

it("a weak 'credential' from one session changes nothing in another session's answers", async () => {
  workspace.writeConfig({ mcpServers: { canary: { command: process.execPath, args: [CANARY_SERVER], env: { CANARY_TOKEN: '${CANARY_TOKEN}' } } } });
  const core = await startCore(workspace, keychainCoreEnv(workspace.home));
  try {
    const other = await core.connect();
    const before = await other.callTool({ name: 'gateway.health', arguments: {} });
    for (const weak of ['true', 'false', 'null', 'canary', 'servers']) {
      const stored = await callMeta(core.client, 'gateway.auth_connect', { server_name: 'canary', env_var: 'CANARY_TOKEN', credential: weak });
      expect(stored.body, weak).toMatchObject({ ok: false, error_code: 'credential_too_weak' });
    }
    const after = await other.callTool({ name: 'gateway.health', arguments: {} });
    const text = (result: typeof after) => (result.content[0]?.type === 'text' ? result.content[0].text : '');
    expect(() => JSON.parse(text(after))).not.toThrow();
    expect(text(after)).not.toContain('[REDACTED]');
    // Same servers, same fields: only timing values may move between the two reads.
    expect(Object.keys(JSON.parse(text(after)) as object)).toEqual(Object.keys(JSON.parse(text(before)) as object));
  } finally {
    await core.close();
  }
});
