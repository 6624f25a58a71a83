// Remote servers that refuse Gatehouse's credential, against a real protected MCP server over HTTP
// (test/fixtures/servers/protected-server.ts: 401 with a Bearer challenge, 403 insufficient_scope,
// served once the header token from ${TOKEN} is right). Every refusal is E201 with auth_state, the
// parsed challenge, the entry's auth metadata and the auth_connect next step, across invoke,
// connect_server, health and provision; a -32042 answer is a URL elicitation; no token is ever echoed.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { callMeta } from '../helpers/meta';
import { createWorkspace, REPO_ROOT, type Workspace } from '../helpers/workspace';
import type { ErrorEntry } from '../../src/main/gateway/envelope';

const TOKENS = {
  TOKEN: 'open-token-5d1c2a9e7f',
  EXPIRED_TOKEN: 'expired-token-77cd01',
  LIMITED_TOKEN: 'limited-token-91ab44',
  REVOCABLE_TOKEN: 'revocable-token-3f0e2b',
};

let workspace: Workspace;
let core: CoreUnderTest;
let remote: ChildProcess;
let origin: string;
const answers: string[] = [];

interface Answer {
  ok: boolean;
  errors: ErrorEntry[];
  auth_state?: string;
  next_step?: string;
  auth_challenge?: Record<string, unknown>;
  auth_metadata?: Record<string, unknown> & { diagnostics: string[] };
  url_elicitations?: Record<string, unknown>[];
  [key: string]: unknown;
}

/** Calls a meta-tool and keeps its raw answer, so the last test can look for leaked tokens in all of them. */
async function call(name: string, args: Record<string, unknown>) {
  const answer = await callMeta<Answer>(core.client, name, args);
  answers.push(JSON.stringify(answer.body));
  return answer;
}

const firstError = (body: Answer) => (body.errors[0] ?? {}) as { code: string; message: string; suggestion: string; details: Record<string, unknown> };

beforeAll(async () => {
  remote = spawn(process.execPath, [join(REPO_ROOT, 'out/fixtures/protected-server.mjs')], {
    env: { PATH: process.env.PATH, PROTECTED_TOKEN: TOKENS.TOKEN, PROTECTED_LIMITED_TOKEN: TOKENS.LIMITED_TOKEN, PROTECTED_REVOCABLE_TOKEN: TOKENS.REVOCABLE_TOKEN },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  remote.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const port = await waitFor(() => /listening (\d+)/.exec(printed)?.[1], 'the protected server to listen');
  origin = `http://127.0.0.1:${port}`;
  const url = `${origin}/mcp`;
  const bearer = (name: string) => ({ Authorization: `Bearer \${${name}}` });
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      open: { type: 'http', url, headers: bearer('TOKEN') },
      expired: { type: 'http', url, headers: bearer('EXPIRED_TOKEN') },
      limited: {
        type: 'http',
        url,
        headers: bearer('LIMITED_TOKEN'),
        declared_scopes: ['docs:read'],
        protected_resource_metadata_url: `${origin}/.well-known/oauth-protected-resource/mcp`,
        authorization_server_metadata_url: 'https://login.example.com/.well-known/oauth-authorization-server?tenant=t1',
        supports_url_elicitation: true,
      },
      anonymous: { type: 'http', url },
      legacy: { type: 'sse', url },
      revocable: { type: 'http', url, headers: bearer('REVOCABLE_TOKEN') },
    },
  });
  core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home, ...TOKENS });
});
afterAll(async () => {
  await core?.close();
  remote?.kill('SIGTERM');
  workspace?.cleanup();
});

it('calls a tool once the header token is accepted', async () => {
  const { body, isError } = await call('gateway.invoke', { tool_id: 'open::echo', arguments: { message: 'hi' } });
  expect(isError).toBe(false);
  expect(body).toMatchObject({ ok: true, errors: [] });
  expect(body.auth_state).toBeUndefined();
});

it('answers a -32042 with the fixed error entry and sanitised url_elicitations', async () => {
  const { body, isError } = await call('gateway.invoke', { tool_id: 'open::sign_in' });
  expect(isError).toBe(true);
  expect(body).toMatchObject({
    ok: false,
    errors: [expect.objectContaining({ code: 'E302', message: 'URL-mode elicitation required.', retryable: true })],
    auth_state: 'elicitation_required',
    next_step: "gateway.auth_connect(server_name='open')",
    url_elicitations: [{
      elicitation_id: 'elicit-1',
      url: 'https://auth.example.com/authorize',
      message: 'Sign in to Example Docs to continue.',
      next_step: "gateway.auth_connect(server_name='open', auth_mode='url_elicitation', elicitation_id='elicit-1', consent_acknowledged=true)",
    }],
  });
  expect(JSON.stringify(body)).not.toContain('opaque-state-value');
});

it('reports an expired token as missing_auth with the parsed challenge, in invoke and health', async () => {
  const { body } = await call('gateway.invoke', { tool_id: 'expired::echo', arguments: { message: 'x' } });
  const challenge = { scheme: 'Bearer', error: 'invalid_token', error_description: 'The access token expired', resource_metadata_url: `${origin}/.well-known/oauth-protected-resource/mcp` };
  expect(body).toMatchObject({ ok: false, auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='expired')", auth_challenge: challenge });
  expect(body.auth_metadata).toMatchObject({ protected_resource_metadata_url: `${origin}/.well-known/oauth-protected-resource/mcp`, declared_scopes: [], missing_scopes: [] });
  // The same fields stay in the error entry.
  const error = firstError(body);
  expect(error).toMatchObject({ code: 'E201', details: { auth_state: 'missing_auth', http_status: 401, auth_challenge: challenge } });
  expect(error.suggestion).toContain("gateway.auth_connect(server_name='expired', env_var='EXPIRED_TOKEN'");
  expect(error.suggestion).not.toContain('command and arguments');

  const health = await call('gateway.health', {});
  const row = (health.body.servers as Record<string, unknown>[]).find((r) => r.name === 'expired');
  expect(row).toMatchObject({ status: 'offline', state: 'auth_required', auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='expired')" });
});

it('reports a token without the needed scope as insufficient_scope in provision, with declared metadata', async () => {
  const { body } = await call('gateway.provision', { server_name: 'limited' });
  expect(body).toMatchObject({
    ok: false,
    status: 'failed',
    error_code: 'E201',
    auth_required: true,
    needs_api_key: true,
    env_var: 'LIMITED_TOKEN',
    auth_mode: 'api_key',
    auth_methods: ['api_key', 'url_elicitation'],
    auth_state: 'insufficient_scope',
    next_step: "gateway.auth_connect(server_name='limited')",
    auth_challenge: { scheme: 'Bearer', error: 'insufficient_scope', scope: 'docs:read docs:write', missing_scopes: ['docs:read', 'docs:write'], error_description: 'the token lacks "docs:write"' },
  });
  expect(body.auth_metadata).toMatchObject({
    protected_resource_metadata_url: `${origin}/.well-known/oauth-protected-resource/mcp`,
    authorization_server_metadata_url: 'https://login.example.com/.well-known/oauth-authorization-server',
    declared_scopes: ['docs:read'],
    missing_scopes: ['docs:read', 'docs:write'],
  });
  expect(body.auth_metadata?.diagnostics).toEqual(['the challenge asks for docs:write, which declared_scopes does not list']);
  // health says the same for the row: which refusal, and the challenge.
  const health = await call('gateway.health', {});
  expect((health.body.servers as Record<string, unknown>[]).find((r) => r.name === 'limited')).toMatchObject({
    state: 'auth_required', auth_state: 'insufficient_scope', auth_challenge: { error: 'insufficient_scope' }, auth_metadata: { declared_scopes: ['docs:read'] },
  });
});

it('gives connect_server the E201 and the auth_connect step for a refused scope', async () => {
  const { body } = await call('gateway.connect_server', { server_name: 'limited' });
  expect(body).toMatchObject({ ok: false, new_status: 'offline', next_step: "gateway.auth_connect(server_name='limited')" });
  expect(body).toMatchObject({ auth_state: 'insufficient_scope', auth_challenge: { error: 'insufficient_scope' }, auth_metadata: { declared_scopes: ['docs:read'] } });
  expect(JSON.stringify(body.errors)).toContain('insufficient_scope');
});

it('asks for a header when the entry sends no credential at all, over Streamable HTTP and legacy SSE', async () => {
  for (const server of ['anonymous', 'legacy']) {
    const { body } = await call('gateway.invoke', { tool_id: `${server}::echo`, arguments: { message: 'x' } });
    expect(body).toMatchObject({ ok: false, auth_state: 'missing_auth', auth_challenge: { scheme: 'Bearer', scope: 'docs:read docs:write', missing_scopes: ['docs:read', 'docs:write'] } });
    expect(firstError(body).code).toBe('E201');
    expect(firstError(body).suggestion).toContain(`add a header such as "Authorization": "Bearer \${NAME}" to "${server}"`);
  }
});

it('turns a token revoked mid-session into E201 for the next call, not a generic failure', async () => {
  expect((await call('gateway.invoke', { tool_id: 'revocable::echo', arguments: { message: 'before' } })).body.ok).toBe(true);
  expect((await call('gateway.invoke', { tool_id: 'revocable::revoke' })).body.ok).toBe(true);
  const { body } = await call('gateway.invoke', { tool_id: 'revocable::echo', arguments: { message: 'after' } });
  expect(body).toMatchObject({ ok: false, auth_state: 'missing_auth', auth_challenge: { error: 'invalid_token' }, next_step: "gateway.auth_connect(server_name='revocable')" });
  expect(firstError(body).code).toBe('E201');
});

it('never echoes a token value in any answer', () => {
  expect(answers.length).toBeGreaterThan(8);
  for (const text of answers) for (const token of Object.values(TOKENS)) expect(text).not.toContain(token);
});
