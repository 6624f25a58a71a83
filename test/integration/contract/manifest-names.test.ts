// Manifest names on the MCP face (contract §2.4, §2.5, §4.5): names resolve via configured servers, then
// the manifest, then registered entries, in the lifecycle tools, autoStart, the startup-policy answers,
// config_status attribution and auth_connect. The built-in manifest's `memory` and `github` are named in
// autoStart; a user manifest overlay adds remote servers on a loopback server-everything. PATH holds no
// npx, so the eager `memory` start fails at once instead of downloading anything; `github` has no
// GITHUB_PERSONAL_ACCESS_TOKEN, so it is skipped without spawning. No credential is stored anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteManifest, startLoopbackEverything, USER_MANIFEST, type LoopbackServer } from '../../helpers/loopback-everything';
import { answerOf, decodeErrors } from './helpers/envelope';
import { corpusServer, LANES, openGateway, waitFor, type Gateway } from './helpers/gateway';

interface Lifecycle {
  ok: boolean;
  prior_status: string;
  new_status: string;
  message: string;
  errors: unknown[];
  missing_env_vars?: string[];
  auth_state?: string;
  next_step?: string;
}
interface Entry {
  name: string;
  status: string;
  startup_policy: string;
  startup_source: string;
  startup_skip_reason?: string;
  startup_env_var?: string;
  auth_state: string;
  configured: boolean;
  manifest: boolean;
  provisioned: boolean;
  discovered: boolean;
}

let remote: LoopbackServer;
// An empty folder as PATH: `npx` is not found, so nothing is ever fetched from a registry.
const noTools = mkdtempSync(join(tmpdir(), 'gatehouse-no-npx-'));
beforeAll(async () => {
  remote = await startLoopbackEverything();
});
afterAll(() => {
  remote?.close();
  rmSync(noTools, { recursive: true, force: true });
});

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const act = async (tool: string, args: Record<string, unknown>) => answerOf<Lifecycle>(await gw.call(`gateway.${tool}`, args));
  const entries = async () => answerOf<{ entries: Entry[] }>(await gw.call('gateway.config_status')).entries;
  const entry = async (name: string) => (await entries()).find((e) => e.name === name);

  beforeAll(async () => {
    gw = await openGateway(lane, {
      mcpServers: { kit: corpusServer('kit') },
      autoStart: ['memory', 'github'],
      homeFiles: { [USER_MANIFEST]: remoteManifest(remote.url, { notes: {}, vault: { env_vars: ['VAULT_TEST_TOKEN'] } }) },
      env: { PATH: noTools },
    });
  });
  afterAll(async () => gw?.close());

  it('get_startup_policy: an autoStart naming a manifest server is not stale', async () => {
    const body = answerOf<{ diagnostics: { code: string; server_name?: string }[] }>(await gw.call('gateway.get_startup_policy'));
    expect(body.diagnostics.filter((d) => d.code === 'stale_auto_start')).toEqual([]);
  });

  it('config_status: autoStart manifest servers are eager rows attributed to the manifest, none unknown_auto_start', async () => {
    // Eager starts run in the background: wait until both have settled.
    const rows = await waitFor(async () => {
      const current = await entries();
      return current.some((e) => (e.name === 'memory' || e.name === 'github') && e.status === 'connecting') ? undefined : current;
    }, 'the eager starts to settle');
    expect(rows.some((e) => e.startup_skip_reason === 'unknown_auto_start')).toBe(false);
    expect(rows.find((e) => e.name === 'memory')).toMatchObject({
      startup_policy: 'eager', startup_source: 'project', configured: false, manifest: true, provisioned: false, discovered: false,
    });
    // No GITHUB_PERSONAL_ACCESS_TOKEN: skipped before spawning, with the variable to store.
    expect(rows.find((e) => e.name === 'github')).toMatchObject({
      status: 'offline', startup_policy: 'skipped', startup_skip_reason: 'missing_auth', startup_env_var: 'GITHUB_PERSONAL_ACCESS_TOKEN', auth_state: 'missing_auth', manifest: true,
    });
    expect(rows.find((e) => e.name === 'kit')).toMatchObject({ configured: true, manifest: false, startup_source: 'configured' });
  });

  it('connect_server resolves an autoStart manifest name and reports a failed start as GatewayError entries', async () => {
    const body = await act('connect_server', { server_name: 'memory' });
    expect(body).toMatchObject({ ok: false, new_status: 'error' });
    expect(body.message).not.toContain('not known');
    expect(decodeErrors(body.errors)[0]?.code).toMatch(/^E2\d\d$/);
  });

  it('connect_server provisions a manifest server that is not set up yet, which then counts as provisioned', async () => {
    expect(await act('connect_server', { server_name: 'notes' })).toMatchObject({ ok: true, prior_status: 'offline', new_status: 'online', errors: [] });
    expect(await entry('notes')).toMatchObject({ status: 'online', startup_policy: 'lazy', startup_source: 'provisioned', configured: false, manifest: true, provisioned: true });
    const invoked = answerOf<{ ok: boolean }>(await gw.call('gateway.invoke', { tool_id: 'notes::echo', arguments: { message: 'hi' } }));
    expect(invoked.ok).toBe(true);
    expect(await act('restart_server', { server_name: 'notes' })).toMatchObject({ ok: true, prior_status: 'online', new_status: 'online' });
  });

  it('connect_server refuses a manifest server without its credential (E502), with the auth fields', async () => {
    const body = await act('connect_server', { server_name: 'vault' });
    expect(body).toMatchObject({
      ok: false, new_status: 'offline', missing_env_vars: ['VAULT_TEST_TOKEN'], auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='vault')",
    });
    expect(decodeErrors(body.errors)[0]).toMatchObject({ code: 'E502', details: { missing_env_vars: ['VAULT_TEST_TOKEN'] } });
  });

  it('disconnect_server knows a manifest server that is not running', async () => {
    expect(await act('disconnect_server', { server_name: 'vault' })).toMatchObject({ ok: true, prior_status: 'offline', new_status: 'offline', errors: [] });
    expect(await act('disconnect_server', { server_name: 'ghost' })).toMatchObject({ ok: false, errors: [{ code: 'E203', message: 'Unknown server: ghost' }] });
  });

  it('provision → auth_connect: auth_connect takes the credential name the manifest declares', async () => {
    const provision = answerOf<{ needs_api_key: boolean; next_step: string }>(await gw.call('gateway.provision', { server_name: 'vault' }));
    expect(provision).toMatchObject({ needs_api_key: true, next_step: "gateway.auth_connect(server_name='vault')" });
    // No credential given: refused before anything is stored, naming the manifest's variable.
    const auth = answerOf<{ ok: boolean; message: string; env_var?: string }>(await gw.call('gateway.auth_connect', { server_name: 'vault' }));
    expect(auth).toMatchObject({ ok: false, env_var: 'VAULT_TEST_TOKEN', message: 'credential is required in api_key mode.' });
    const undeclared = answerOf<{ ok: boolean; message: string }>(await gw.call('gateway.auth_connect', { server_name: 'vault', env_var: 'FAVOURITE_COLOUR', credential: 'x' }));
    expect(undeclared.ok).toBe(false);
    expect(undeclared.message).toContain("not referenced by 'vault'");
  });
});
