// The redaction choke point (issue 11, item 4): a real child given a secret through its config's ${VAR}
// (taken from the gateway's environment) tries every channel a gateway relays. Nothing a client, the
// panel or the log receives may carry the secret or its encodings; the policy's patterns apply unless a
// plain invoke turned them off.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingsOf } from '../../../src/main/redaction/secret-forms';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, REPO_ROOT, type Workspace } from '../../helpers/workspace';

const LEAKY_SERVER = join(REPO_ROOT, 'out/fixtures/leaky-server.mjs');
const SECRET = `lk${randomBytes(12).toString('hex')}Z9`;
const FORMS = encodingsOf(SECRET);

function leaks(value: unknown): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMS.filter((form) => text.includes(form));
}

let workspace: Workspace;
let core: CoreUnderTest;
let client: Client;
const pushed: unknown[] = [];

beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      leaky: { command: process.execPath, args: [LEAKY_SERVER], env: { LEAK_SECRET: '${LEAK_SECRET}' } },
      // Crashes at start with the secret 590 characters into its stderr: the start-up error quotes a
      // tail cut at 600 characters.
      'leaky-start': { command: process.execPath, args: [LEAKY_SERVER], env: { LEAK_SECRET: '${LEAK_SECRET}', LEAK_CRASH_AT_START: '1' } },
      // The same, started eagerly: its failure is logged.
      'leaky-boot': { command: process.execPath, args: [LEAKY_SERVER], env: { LEAK_SECRET: '${LEAK_SECRET}', LEAK_CRASH_AT_START: '1' } },
    },
    autoStart: ['leaky-boot'],
  });
  core = await startCore(workspace, { ...process.env, LEAK_SECRET: SECRET });
  client = core.client;
  for (const name of ['healthChanged', 'logAppended', 'configIssuesChanged', 'projectTrustChanged'] as const) {
    core.gatehouse.events.on(name, (payload) => pushed.push(payload));
  }
});

afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
});

describe('every channel a child can use is scrubbed of the secret its config handed it', () => {
  it('tool results: plain, JSON-escaped and hex forms; the policy patterns too', async () => {
    const { body } = await callMeta(client, 'gateway.invoke', { tool_id: 'leaky::echo_secret', arguments: {} });
    expect(body.ok).toBe(true);
    expect(leaks(body)).toEqual([]);
    expect(JSON.stringify(body)).toContain('api_key= [REDACTED]');
  });

  it('with redact_secrets: false only the patterns are off: the secret itself is still scrubbed', async () => {
    const { body } = await callMeta(client, 'gateway.invoke', { tool_id: 'leaky::echo_secret', arguments: {}, options: { redact_secrets: false } });
    expect(leaks(body)).toEqual([]);
    expect(JSON.stringify(body)).toContain('api_key=abc123def456');
  });

  it('tool error texts', async () => {
    const { body } = await callMeta(client, 'gateway.invoke', { tool_id: 'leaky::error_secret', arguments: {} });
    expect(body.ok).toBe(false);
    expect(JSON.stringify(body)).toContain('failed while using');
    expect(leaks(body)).toEqual([]);
  });

  it('progress notification messages relayed to the caller', async () => {
    const messages: unknown[] = [];
    const result = await client.callTool(
      { name: 'gateway.invoke', arguments: { tool_id: 'leaky::progress_secret', arguments: {} } },
      { onprogress: (progress) => messages.push(progress) },
    );
    expect(result.isError).not.toBe(true);
    expect(messages.length).toBe(2);
    expect(JSON.stringify(messages)).toContain('step one with [REDACTED]');
    expect(leaks(messages)).toEqual([]);
  });

  it('resources/read contents, by URI and through a template', async () => {
    const read = await client.readResource({ uri: 'leaky::leak://text' });
    expect(JSON.stringify(read)).toContain('resource body [REDACTED]');
    expect(JSON.stringify(read)).toContain('password= [REDACTED]');
    expect(leaks(read)).toEqual([]);
    const templated = await client.readResource({ uri: 'leaky::leak://item/42' });
    expect(JSON.stringify(templated)).toContain('item 42 [REDACTED]');
    expect(leaks(templated)).toEqual([]);
  });

  it('resources/read error texts', async () => {
    const error = await client.readResource({ uri: 'leaky::leak://error' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    const text = `${String(error)} ${JSON.stringify(error)}`;
    expect(text).toContain('the backend refused');
    expect(leaks(text)).toEqual([]);
  });

  it('prompts/get messages', async () => {
    const prompt = await client.getPrompt({ name: 'leaky::secret_prompt', arguments: {} });
    expect(JSON.stringify(prompt)).toContain('use the key [REDACTED] for this');
    expect(leaks(prompt)).toEqual([]);
  });

  it('the error and the stderr of a child that crashes while serving a read, in the answer, health, the panel and the log', async () => {
    const error = await client.readResource({ uri: 'leaky::leak://crash' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(leaks(`${String(error)} ${JSON.stringify(error)}`)).toEqual([]);
    const row = await waitFor(async () => {
      const rows = await core.gatehouse.api.listHealth({});
      const leaky = rows.rows.find((r) => r.name === 'leaky');
      return leaky?.last_error && /lost connection|exited|closed/.test(leaky.last_error) ? leaky : undefined;
    }, 'the crash to show in health');
    expect(row.last_error).toContain('[REDACTED]');
    const health = await callMeta(client, 'gateway.health', {});
    expect(leaks(health.body)).toEqual([]);
    expect(leaks(await core.gatehouse.api.listLogs({}))).toEqual([]);
  });

  it('a start-up error cut to length was redacted before the cut: not even a prefix of the secret is left', async () => {
    const { body } = await callMeta(client, 'gateway.invoke', { tool_id: 'leaky-start::echo_secret', arguments: {} });
    expect(body.ok).toBe(false);
    const text = JSON.stringify(body);
    expect(text).toContain('exited during start-up (exit code 7)');
    expect(text).toContain('word word');
    expect(text).not.toContain(SECRET.slice(0, 6));
    const health = await callMeta(client, 'gateway.health', {});
    expect(JSON.stringify(health.body)).not.toContain(SECRET.slice(0, 6));
  });

  it('nothing pushed to the panel and nothing logged carried it', async () => {
    expect(pushed.length, 'panel pushes seen').toBeGreaterThan(0);
    expect(leaks(pushed)).toEqual([]);
    await waitFor(() => core.logs.some((line) => line.startsWith('[leaky-boot]') && line.includes('exited during start-up')), 'the eager start failure in the log');
    expect(leaks(core.logs)).toEqual([]);
  });
});
