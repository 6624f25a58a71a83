// The secret store against the real Secret Service (gnome-keyring in a private D-Bus session).
import { mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SecretsError } from '../../../src/main/secrets/errors';
import { accountFor, scopeRef, type ScopeRef } from '../../../src/main/secrets/scopes';
import { canaryValue, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

beforeEach(requireKeychainSession);

let kc: TestKeychain;
let project: string;
let scopes: Record<'user' | 'project' | 'tenant', ScopeRef>;
beforeEach(() => {
  kc = testKeychain();
  project = join(kc.dir, 'project');
  mkdirSync(project);
  scopes = {
    user: { scope: 'user' },
    project: scopeRef('project', { projectRoot: project }),
    tenant: scopeRef('tenant', { projectRoot: project, tenant: 'acme' }),
  };
});
afterEach(() => kc.cleanup());

describe('secret store on the real keychain', () => {
  it('reports the keychain as available', async () => {
    expect(await kc.store.status()).toEqual({ available: true, backend: 'secret-service' });
  });

  it('round-trips a value in each scope, keeping the scopes apart', async () => {
    const values = { user: canaryValue('user'), project: canaryValue('project'), tenant: canaryValue('tenant') };
    for (const scope of ['user', 'project', 'tenant'] as const) await kc.store.set(scopes[scope], 'API_TOKEN', values[scope]);
    for (const scope of ['user', 'project', 'tenant'] as const) expect(await kc.store.get(scopes[scope], 'API_TOKEN')).toBe(values[scope]);
    expect(await kc.store.get(scopeRef('tenant', { projectRoot: project, tenant: 'other' }), 'API_TOKEN')).toBeNull();

    expect(await kc.store.delete(scopes.project, 'API_TOKEN')).toEqual({ removedFromKeychain: true, removedFromIndex: true });
    expect(await kc.store.get(scopes.project, 'API_TOKEN')).toBeNull();
    expect(await kc.store.get(scopes.user, 'API_TOKEN')).toBe(values.user);
    expect(await kc.store.get(scopes.tenant, 'API_TOKEN')).toBe(values.tenant);
    expect(await kc.store.delete(scopes.project, 'API_TOKEN')).toEqual({ removedFromKeychain: false, removedFromIndex: false });
  });

  it('stores entries under one service with the documented scope:key:NAME accounts', async () => {
    const value = canaryValue();
    await kc.store.set(scopes.tenant, 'LAYOUT_TOKEN', value);
    const account = `tenant:${project}#acme:LAYOUT_TOKEN`;
    expect(accountFor(scopes.tenant, 'LAYOUT_TOKEN')).toBe(account);
    const raw = new AsyncEntry(kc.service, account, { linux: { store: 'secret-service' } });
    expect(await raw.getPassword()).toBe(value);
    await kc.store.set(scopes.user, 'LAYOUT_TOKEN', value);
    expect(await new AsyncEntry(kc.service, 'user::LAYOUT_TOKEN', { linux: { store: 'secret-service' } }).getPassword()).toBe(value);
  });

  it('finds project secrets through a symlinked path to the same project', async () => {
    const value = canaryValue();
    await kc.store.set(scopes.project, 'LINKED_TOKEN', value);
    symlinkSync(project, join(kc.dir, 'link'));
    expect(await kc.store.get(scopeRef('project', { projectRoot: join(kc.dir, 'link') }), 'LINKED_TOKEN')).toBe(value);
  });

  it('lists names, scopes and times from the index without reading any value', async () => {
    const value = canaryValue();
    await kc.store.set(scopes.user, 'LISTED_TOKEN', value);
    await kc.store.set(scopes.tenant, 'LISTED_TOKEN', value);
    kc.backend.calls.get.length = 0;
    const entries = await kc.store.list();
    expect(kc.backend.calls.get).toEqual([]);
    expect(entries.map((e) => [e.scope, e.name, e.tenant])).toEqual([['user', 'LISTED_TOKEN', null], ['tenant', 'LISTED_TOKEN', 'acme']]);
    const text = readFileSync(kc.indexPath, 'utf8');
    expect(text).not.toContain(value);
    expect(statSync(kc.indexPath).mode & 0o777).toBe(0o600);
  });

  it('refuses forbidden names and multi-line values before touching the keychain', async () => {
    const value = canaryValue();
    for (const [name, v, code] of [['LD_PRELOAD', value, 'forbidden_name'], ['PYTHONPATH', value, 'forbidden_name'], ['OK_TOKEN', `${value}\nsecond`, 'invalid_value']] as const) {
      const error = await kc.store.set(scopes.user, name, v).catch((e: unknown) => e);
      expect((error as SecretsError).code).toBe(code);
      expect((error as SecretsError).message).not.toContain(value);
    }
    expect(kc.backend.calls.set).toEqual([]);
  });

  it('keeps unicode and the longest value Windows allows intact', async () => {
    const unicode = `ключ-密钥-🔑-${canaryValue()}`;
    await kc.store.set(scopes.user, 'UNICODE_TOKEN', unicode);
    expect(await kc.store.get(scopes.user, 'UNICODE_TOKEN')).toBe(unicode);
    const long = 'L'.repeat(2560);
    await kc.store.set(scopes.user, 'LONG_TOKEN', long);
    expect(await kc.store.get(scopes.user, 'LONG_TOKEN')).toBe(long);
  });
});
