// gateway.auth_connect against the real keychain and a real supervisor.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthConnectTool } from '../../../src/main/gateway/tools/auth-connect';
import type { GatewayContext, MetaTool } from '../../../src/main/gateway/meta-tool';
import { REDACTED } from '../../../src/main/redaction/marker';
import { createSecretValues } from '../../../src/main/redaction/secret-values';
import { scopeRef } from '../../../src/main/secrets/scopes';
import { canaryServer, gatewayWith, noCall, remoteServer } from './helpers/gateway-context';
import { canaryValue, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

beforeEach(requireKeychainSession);

let kc: TestKeychain;
let project: string;
let gateway: GatewayContext;
let stop: () => Promise<void>;
beforeEach(async () => {
  kc = testKeychain();
  project = join(kc.dir, 'project');
  mkdirSync(project);
  ({ gateway, stop } = await gatewayWith([
    canaryServer('one-key', { ONE_API_KEY: '${ONE_API_KEY}', MODE: 'plain' }, project),
    canaryServer('two-keys', { A_TOKEN: '${A_TOKEN}', B: 'prefix-${B_SECRET:-x}' }, project),
    remoteServer('remote', { Authorization: 'Bearer ${REMOTE_TOKEN}' }),
  ], join(kc.dir, 'state')));
});
afterEach(async () => {
  await stop();
  kc.cleanup();
});

async function call(tool: MetaTool, args: Record<string, unknown>) {
  const parsed = tool.input.parse(args);
  const result = await tool.run(parsed, gateway, noCall);
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('expected a text block');
  return { text: first.text, body: JSON.parse(first.text) as Record<string, unknown>, isError: result.isError === true };
}

describe('gateway.auth_connect', () => {
  it("stores the credential under the server's one ${VAR} in user scope and never echoes it", async () => {
    const secret = canaryValue();
    const envBefore = { ...process.env };
    const tool = createAuthConnectTool(kc.store);
    const { text, body, isError } = await call(tool, { server_name: 'one-key', credential: secret });
    expect(isError).toBe(false);
    expect(body).toEqual({
      ok: true,
      server: 'one-key',
      message: 'ONE_API_KEY stored in the OS keychain (user scope); the server starts with it on its next use.',
      env_var: 'ONE_API_KEY',
      auth_state: 'none',
      next_step: "gateway.provision(server_name='one-key')",
      replaced: false,
    });
    expect(text).not.toContain(secret);
    expect(await kc.store.get({ scope: 'user' }, 'ONE_API_KEY')).toBe(secret);
    expect(process.env).toEqual(envBefore);
    expect(process.env.ONE_API_KEY).toBeUndefined();
  });

  it('never silently replaces a stored credential: it needs overwrite=true and says it replaced one', async () => {
    const first = canaryValue('first');
    const second = canaryValue('second');
    const tool = createAuthConnectTool(kc.store);
    expect((await call(tool, { server_name: 'one-key', credential: first })).body.ok).toBe(true);
    const again = await call(tool, { server_name: 'one-key', credential: second });
    expect(again.body).toMatchObject({
      ok: false,
      error_code: 'credential_exists',
      message: 'ONE_API_KEY is already stored in the OS keychain (user scope); nothing was changed.',
    });
    expect(String(again.body.next_step)).toContain('overwrite=true');
    expect(again.text).not.toContain(second);
    expect(await kc.store.get({ scope: 'user' }, 'ONE_API_KEY')).toBe(first);
    // The same value again is not a replacement; a new one with overwrite is, and says so.
    expect((await call(tool, { server_name: 'one-key', credential: first })).body).toMatchObject({ ok: true, replaced: false });
    const replaced = await call(tool, { server_name: 'one-key', credential: second, overwrite: true });
    expect(replaced.body).toMatchObject({ ok: true, replaced: true });
    expect(String(replaced.body.message)).toMatch(/^ONE_API_KEY replaced in the OS keychain \(user scope\)/);
    expect(await kc.store.get({ scope: 'user' }, 'ONE_API_KEY')).toBe(second);
  });

  it('refuses a value too short or too simple to be a credential, so it can never blank words in other answers', async () => {
    const values = createSecretValues();
    const tool = createAuthConnectTool(kc.store, { secretValues: values });
    for (const weak of ['true', 'gateway', 'aaaaaaaa1', 'password']) {
      const { body } = await call(tool, { server_name: 'one-key', credential: weak });
      expect(body, weak).toMatchObject({ ok: false, error_code: 'credential_too_weak' });
      expect(String(body.message)).toContain('too weak to be an API key or token; nothing was stored');
    }
    expect(kc.backend.calls.set).toEqual([]);
    expect(values.size).toBe(0);
    expect(values.scrub('{"ok":true,"gateway":"true"}')).toBe('{"ok":true,"gateway":"true"}');
  });

  it('stores a header variable of a remote server into project and tenant scope', async () => {
    const secret = canaryValue();
    const tool = createAuthConnectTool(kc.store, { projectRoot: project, tenant: (g) => (g.session.operator ? 'acme' : null) });
    expect((await call(tool, { server_name: 'remote', credential: secret, scope: 'project' })).body.message).toContain(`project scope (${project})`);
    expect((await call(tool, { server_name: 'remote', credential: secret, scope: 'tenant' })).body.message).toContain(`tenant scope (acme in ${project})`);
    expect(await kc.store.get(scopeRef('project', { projectRoot: project }), 'REMOTE_TOKEN')).toBe(secret);
    expect(await kc.store.get(scopeRef('tenant', { projectRoot: project, tenant: 'acme' }), 'REMOTE_TOKEN')).toBe(secret);

    const noTenant = await call(createAuthConnectTool(kc.store, { projectRoot: project }), { server_name: 'remote', credential: secret, scope: 'tenant' });
    expect(noTenant.body).toMatchObject({ ok: false, error_code: 'scope_needs_tenant', auth_state: 'missing_auth', next_step: "tenant scope needs a session bound to a tenant; use scope='project' or scope='user'" });
    const noProject = await call(createAuthConnectTool(kc.store), { server_name: 'remote', credential: secret, scope: 'project' });
    expect(noProject.body).toMatchObject({ ok: false, error_code: 'scope_needs_project' });
  });

  it('refuses loader names, undeclared non-credential names and multi-line values, storing nothing', async () => {
    const secret = canaryValue();
    const tool = createAuthConnectTool(kc.store);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ env_var: 'LD_PRELOAD' }, /"LD_PRELOAD" changes how programs load code/],
      [{ env_var: 'DYLD_INSERT_LIBRARIES' }, /changes how programs load code/],
      [{ env_var: 'NODE_OPTIONS' }, /changes how programs load code/],
      [{ env_var: 'PYTHONPATH' }, /changes how programs load code/],
      [{ env_var: 'PATH' }, /changes how programs load code/],
      [{ env_var: 'LOG_LEVEL' }, /is not referenced by 'one-key' and does not look like a credential/],
      [{ env_var: 'bad name' }, /env_var is not a valid variable name/],
      [{ credential: `${secret}\nInjected: header` }, /contains a line break; it was not stored/],
      [{ credential: `${secret}\r` }, /contains a line break/],
      [{ credential: '' }, /credential is required/],
    ];
    for (const [args, message] of cases) {
      const { text, body } = await call(tool, { server_name: 'one-key', credential: secret, ...args });
      expect(body.ok, JSON.stringify(args.env_var ?? 'value')).toBe(false);
      expect(String(body.message)).toMatch(message);
      expect(text).not.toContain(secret);
    }
    // A value typed where the name belongs is not echoed either (it is not the credential, so no redactor knows it).
    const misplaced = canaryValue('misplaced');
    const wrongSlot = await call(tool, { server_name: 'one-key', credential: secret, env_var: misplaced });
    expect(wrongSlot.body).toMatchObject({ ok: false, error_code: 'invalid_name' });
    expect(wrongSlot.text).not.toContain(misplaced);
    expect(kc.backend.calls.set).toEqual([]);
    const extra = await call(tool, { server_name: 'one-key', credential: secret, env_var: 'EXTRA_API_KEY' });
    expect(extra.body.ok).toBe(true);
  });

  it('asks for env_var when the server references several names, and names unknown servers', async () => {
    const tool = createAuthConnectTool(kc.store);
    const several = await call(tool, { server_name: 'two-keys', credential: canaryValue() });
    expect(several.body).toMatchObject({ ok: false, message: "Server 'two-keys' references A_TOKEN, B_SECRET; name the one to store with env_var." });
    const unknown = await call(tool, { server_name: 'nope', credential: canaryValue() });
    expect(unknown.body.message).toBe("Server 'nope' not found in manifest or .mcp.json configuration.");
  });

  it('acknowledges URL-mode elicitation only with an id and consent, stores nothing, and sanitises the URL', async () => {
    const tool = createAuthConnectTool(kc.store);
    const base = { server_name: 'remote', auth_mode: 'url_elicitation', elicitation_id: 'el-1', elicitation_url: 'https://user:pw@auth.example.com/authorize?state=abc#frag' };
    const noConsent = await call(tool, base);
    expect(noConsent.body).toMatchObject({ ok: false, message: 'URL-mode elicitation required.', auth_state: 'elicitation_required' });
    const noId = await call(tool, { ...base, elicitation_id: null, consent_acknowledged: true });
    expect(noId.body).toMatchObject({ ok: false, message: 'url_elicitation needs elicitation_id.' });
    const withCredential = await call(tool, { ...base, consent_acknowledged: true, credential: 'should-not-be-stored' });
    expect(withCredential.body).toMatchObject({ ok: false, message: 'url_elicitation takes no credential; nothing was stored.' });
    const ok = await call(tool, { ...base, consent_acknowledged: true });
    expect(ok.body).toMatchObject({
      ok: true,
      auth_state: 'elicitation_required',
      url_elicitation: { elicitation_id: 'el-1', url: 'https://auth.example.com/authorize' },
    });
    expect(ok.text).not.toMatch(/pw@|state=abc|frag/);
    expect(kc.backend.calls.set).toEqual([]);
  });

  it('retries the connection through the reconnect hook and redacts whatever it reports', async () => {
    const secret = canaryValue();
    const gatewayRedactor = createSecretValues();
    const retried: string[] = [];
    const tool = createAuthConnectTool(kc.store, {
      secretValues: gatewayRedactor,
      reconnect: async (server) => {
        retried.push(server);
        return { connected: false, message: `reconnecting failed: child printed ${secret} and ${Buffer.from(secret).toString('base64')}` };
      },
    });
    const { text, body } = await call(tool, { server_name: 'one-key', credential: secret });
    expect(retried).toEqual(['one-key']);
    expect(body.ok).toBe(true);
    expect(String(body.message)).toContain(`reconnecting failed: child printed ${REDACTED} and ${REDACTED}`);
    expect(text).not.toContain(secret);
    expect(gatewayRedactor.scrub(`x ${secret} y`)).toBe(`x ${REDACTED} y`);
  });

  it('advertises nullable optionals as anyOf with null and accepts explicit nulls', async () => {
    const tool = createAuthConnectTool(kc.store);
    const schema = z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12' }) as { properties: Record<string, unknown>; required: string[] };
    expect(schema.required).toEqual(['server_name']);
    expect(JSON.stringify(schema.properties.scope)).toContain('"anyOf"');
    expect(JSON.stringify(schema.properties.scope)).toContain('{"type":"null"}');
    const { body } = await call(tool, { server_name: 'one-key', credential: canaryValue(), env_var: null, scope: null, auth_mode: null, consent_acknowledged: null });
    expect(body).toMatchObject({ ok: true, env_var: 'ONE_API_KEY' });
  });
});
