// A pre-registered OAuth client (`gatehouse.oauth`), all real: oidc-provider on loopback with dynamic
// registration turned off and one confidential client registered beforehand (client_secret_basic), the
// protected MCP server fixture, a real core with the real keychain. Gatehouse signs in as that client; its
// secret comes from the keychain (stored through gateway.auth_connect) and never reaches an answer, a
// log line or a file (conformance auth/pre-registration).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { metaCaller } from './helpers/meta-calls';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

const CLIENT_ID = 'gatehouse-preregistered';
const CLIENT_SECRET = `prereg-${randomBytes(18).toString('base64url')}`;

let as: AuthorizationServer;
let docs: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;
const answers: string[] = [];


const call = metaCaller(() => core, answers);

beforeAll(async () => {
  as = await startAuthorizationServer({
    registration: false,
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/oauth/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
  });
  docs = await startResourceServer(as.issuer);
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: { docs: { type: 'http', url: docs.url, gatehouse: { oauth: { client_id: CLIENT_ID, client_secret: '${DOCS_CLIENT_SECRET}' } } } },
  });
  core = await startCore(workspace, keychainCoreEnv(workspace.home, 'oauth-prereg'));
});

afterAll(async () => {
  await core?.close();
  docs?.stop();
  await as?.close();
  workspace?.cleanup();
});

it('says which variable to store when the client secret is not set yet', async () => {
  const body = await call('gateway.auth_connect', { server_name: 'docs', auth_mode: 'oauth' });
  expect(body).toMatchObject({ ok: false, oauth_status: 'failed' });
  expect(body.message).toContain('the pre-registered OAuth client of "docs" (gatehouse.oauth) needs its secret');
  expect(body.message).toContain('${DOCS_CLIENT_SECRET}');
});

it('signs in as the pre-registered client, its secret read from the keychain, without registering', async () => {
  const stored = await call('gateway.auth_connect', { server_name: 'docs', env_var: 'DOCS_CLIENT_SECRET', credential: CLIENT_SECRET });
  expect(stored).toMatchObject({ ok: true, env_var: 'DOCS_CLIENT_SECRET' });
  const started = await call('gateway.auth_connect', { server_name: 'docs', auth_mode: 'oauth' });
  expect(started).toMatchObject({ ok: true, oauth_status: 'pending' });
  expect(new URL(String(started.authorization_url)).searchParams.get('client_id')).toBe(CLIENT_ID);
  const page = await openInBrowser(String(started.authorization_url));
  // The code exchange authenticates the client (client_secret_basic): a wrong or missing secret fails here.
  expect(page.body).toContain('Gatehouse is signed in to docs');
  expect(await call('gateway.auth_connect', { server_name: 'docs' })).toMatchObject({ ok: true, oauth_status: 'signed_in' });
  const echo = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'pre-registered' } });
  expect(echo).toMatchObject({ ok: true });
  expect(JSON.stringify(echo.result)).toContain('docs for alice: pre-registered');
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

it('never lets the client secret reach an answer, a log line or a file', async () => {
  const surfaces: [string, string][] = [
    ['answers', answers.join('\n')],
    ['logs', core.logs.join('\n')],
    ['health', JSON.stringify(await core.gatehouse.api.listHealth({}))],
    ...filesUnder(workspace.root).map((file): [string, string] => [file, readFileSync(file, 'latin1')]),
  ];
  for (const [where, text] of surfaces) expect(text.includes(CLIENT_SECRET), `the client secret appeared in ${where}`).toBe(false);
});
