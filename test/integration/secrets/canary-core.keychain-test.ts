// The canary, end to end through a real core: a secret stored in the real keychain reaches only the
// child whose config references it, and appears in nothing Gatehouse shows — answers, health, rows,
// snapshots, logs, the secret listing — even when the child echoes it back.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { REDACTED } from '../../../src/main/redaction/marker';
import { createSecretStore } from '../../../src/main/secrets/store';
import { startCore } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { CANARY_SERVER } from './helpers/gateway-context';
import { canaryValue, requireKeychainSession } from './helpers/keychain-session';
import { keychainCoreEnv } from '../../helpers/keychain-env';

beforeEach(requireKeychainSession);
let workspace: Workspace;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

it('only the child that references the canary receives it; nothing Gatehouse shows contains it', async () => {
  const canary = canaryValue('CANARY');
  const env = keychainCoreEnv(workspace.home);
  await createSecretStore({ env, homeDir: workspace.home }).set({ scope: 'user' }, 'CANARY_TOKEN', canary);
  workspace.writeConfig({
    mcpServers: {
      canary: { command: process.execPath, args: [CANARY_SERVER], env: { CANARY_TOKEN: '${CANARY_TOKEN}' } },
      bystander: { command: process.execPath, args: [CANARY_SERVER] },
    },
  });
  const core = await startCore(workspace, env);
  const seen: string[] = [];
  const keep = <T>(value: T): T => {
    seen.push(JSON.stringify(value));
    return value;
  };
  const text = (answer: { body: Record<string, unknown> }) => ((answer.body.result as { content: { text: string }[] }).content[0]?.text ?? '');
  try {
    const digest = keep(await callMeta(core.client, 'gateway.invoke', { tool_id: 'canary::env_digest', arguments: { name: 'CANARY_TOKEN' } }));
    expect(text(digest)).toBe(createHash('sha256').update(canary).digest('hex'));
    expect(text(keep(await callMeta(core.client, 'gateway.invoke', { tool_id: 'canary::env_names' }))).split(',')).toContain('CANARY_TOKEN');
    expect(text(keep(await callMeta(core.client, 'gateway.invoke', { tool_id: 'bystander::env_names' }))).split(',')).not.toContain('CANARY_TOKEN');
    const leak = keep(await callMeta(core.client, 'gateway.invoke', { tool_id: 'canary::leak', arguments: { name: 'CANARY_TOKEN' } }));
    expect(JSON.stringify(leak)).toContain(REDACTED);
    keep(await callMeta(core.client, 'gateway.health', { verbose: true }));
    keep(await callMeta(core.client, 'gateway.auth_connect', { server_name: 'canary', credential: canary }));
    keep(await core.gatehouse.api.listHealth({}));
    keep(await core.gatehouse.api.listSecrets({}));
    keep(core.snapshots);
    keep(core.logs);
    for (const output of seen) expect(output).not.toContain(canary);
    expect(process.env.CANARY_TOKEN).toBeUndefined();
  } finally {
    await core.close();
  }
});
