// `gatehouse auth connect|status|sign-out`, headless: connect prints the authorization URL and waits for
// the browser (an HTTP client through oidc-provider's login and consent) to come back to its loopback
// listener; the tokens land in the real keychain; a refused authorization fails with the next step.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runAuth, type AuthIo } from '../../../src/main/cli/auth';
import { TokenRecords } from '../../../src/main/oauth/token-records';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let docs: ResourceServer;
let workspace: Workspace;
let records: TokenRecords;
let env: NodeJS.ProcessEnv;

function cli(argv: string[]) {
  const out = { stdout: '', stderr: '' };
  const backend = createOsKeychain(String(env.GATEHOUSE_KEYCHAIN_SERVICE));
  const io: AuthIo = {
    stdout: (text) => {
      out.stdout += text;
    },
    stderr: (text) => {
      out.stderr += text;
    },
    env,
    cwd: workspace.project,
    homeDir: workspace.home,
    backend,
  };
  return { out, code: runAuth(argv, io) };
}

/** Runs `auth connect`, opens the URL it prints in the browser, and returns how it ended. */
async function connect(server: string) {
  const run = cli(['connect', server]);
  const url = await waitFor(() => /^ {2}(http\S+)$/m.exec(run.out.stdout)?.[1], 'the authorization URL on stdout');
  const page = await openInBrowser(url);
  return { code: await run.code, ...run.out, page: page.body };
}

beforeAll(async () => {
  as = await startAuthorizationServer();
  docs = await startResourceServer(as.issuer);
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { docs: { type: 'http', url: docs.url }, local: { command: 'node', args: ['-v'] } } });
  env = keychainCoreEnv(workspace.home, 'oauth-cli');
  records = new TokenRecords(createOsKeychain(String(env.GATEHOUSE_KEYCHAIN_SERVICE)));
});

afterAll(async () => {
  docs?.stop();
  await as?.close();
  workspace?.cleanup();
});

it('fails a refused authorization with the reason and the command to try again', async () => {
  as.denyNext();
  const { code, stderr, page } = await connect('docs');
  expect(code).toBe(1);
  expect(stderr).toContain('the authorization server did not authorize Gatehouse for "docs" (access_denied');
  expect(stderr).toContain('gatehouse auth connect docs');
  expect(page).toContain('Sign-in failed');
  expect((await records.readTokens(docs.url)) === null).toBe(true);
});

it('signs in, shows the sign-in without values, and signs out', async () => {
  const { code, stdout, page } = await connect('docs');
  expect(code).toBe(0);
  expect(stdout).toContain('Signed in to "docs"');
  expect(page).toContain('Gatehouse is signed in to docs');
  const record = await records.readTokens(docs.url);
  expect(Boolean(record?.refresh_token)).toBe(true);

  const status = cli(['status', '--json']);
  expect(await status.code).toBe(0);
  expect(JSON.parse(status.out.stdout)).toEqual([expect.objectContaining({ server: 'docs', signed_in: true, refreshable: true, missing_scopes: [] })]);
  for (const token of [record?.access_token, record?.refresh_token]) expect(status.out.stdout.includes(String(token))).toBe(false);

  const out = cli(['sign-out', 'docs']);
  expect(await out.code).toBe(0);
  expect(out.out.stdout).toContain('Signed out of "docs": revoked its refresh_token');
  expect((await records.readTokens(docs.url)) === null).toBe(true);
});

it('refuses servers it cannot sign in to, naming why', async () => {
  const local = cli(['connect', 'local']);
  expect(await local.code).toBe(1);
  expect(local.out.stderr).toContain('"local" is not a remote server in the configuration');
  const unknown = cli(['connect', 'nope']);
  expect(await unknown.code).toBe(1);
  expect(unknown.out.stderr).toContain('"nope" is not a remote server');
});
