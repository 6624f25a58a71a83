// The panel's secret channels (list, write-only set, delete) on the real keychain, checked against the
// schemas proposed for src/shared/ipc.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretsPanelApi, type SecretsPanelApi } from '../../../src/main/secrets/panel-api';
import { REDACTED } from '../../../src/main/redaction/marker';
import { createSecretValues, type SecretValues } from '../../../src/main/redaction/secret-values';
import { secretChannels } from './helpers/proposed-ipc';
import { canaryValue, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

beforeEach(requireKeychainSession);

let kc: TestKeychain;
let project: string;
let api: SecretsPanelApi;
let redactor: SecretValues;
beforeEach(() => {
  kc = testKeychain();
  project = join(kc.dir, 'project');
  mkdirSync(project);
  redactor = createSecretValues();
  api = createSecretsPanelApi({ store: kc.store, projectRoot: project, env: { ENV_TOKEN: 'from-the-environment' }, secretValues: redactor });
});
afterEach(() => kc.cleanup());

describe('panel secret channels', () => {
  it('sets write-only, lists presence and last change per scope, and deletes', async () => {
    const value = canaryValue();
    const setInput = secretChannels.setSecret.input.parse({ scope: 'tenant', name: 'PANEL_TOKEN', value, tenant: 'acme' });
    const set = secretChannels.setSecret.output.parse(await api.setSecret(setInput));
    expect(set).toMatchObject({ ok: true, code: null, message: `PANEL_TOKEN stored in tenant scope (acme in ${project})` });
    expect(set.last_changed).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(redactor.scrub(value)).toBe(REDACTED);
    await api.setSecret({ scope: 'user', name: 'ENV_TOKEN', value });

    const listing = secretChannels.listSecrets.output.parse(await api.listSecrets({ tenant: 'acme' }));
    expect(listing.keychain).toEqual({ available: true, backend: 'secret-service' });
    expect(listing.names).toEqual([
      { name: 'ENV_TOKEN', env: true, effective: 'env', user: { present: true, last_changed: expect.any(String) }, project: { present: false, last_changed: null }, tenant: { present: false, last_changed: null } },
      { name: 'PANEL_TOKEN', env: false, effective: 'tenant', user: { present: false, last_changed: null }, project: { present: false, last_changed: null }, tenant: { present: true, last_changed: set.last_changed } },
    ]);
    const withoutTenant = await api.listSecrets({});
    expect(withoutTenant.names.map((n) => n.name)).toEqual(['ENV_TOKEN']);
    expect(JSON.stringify([set, listing, withoutTenant])).not.toContain(value);
    expect(JSON.stringify(listing)).not.toContain('from-the-environment');

    const deleted = secretChannels.deleteSecret.output.parse(await api.deleteSecret({ scope: 'tenant', name: 'PANEL_TOKEN', tenant: 'acme' }));
    expect(deleted).toMatchObject({ ok: true, message: `PANEL_TOKEN deleted from tenant scope (acme in ${project})` });
    expect(await api.deleteSecret({ scope: 'tenant', name: 'PANEL_TOKEN', tenant: 'acme' })).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('answers refusals as values with codes and next steps, never with the value', async () => {
    const value = canaryValue();
    const forbidden = await api.setSecret({ scope: 'user', name: 'NODE_OPTIONS', value });
    expect(forbidden).toMatchObject({ ok: false, code: 'forbidden_name' });
    expect(forbidden.next_step).toContain('MY_SERVICE_TOKEN');
    const multiline = await api.setSecret({ scope: 'user', name: 'OK_TOKEN', value: `${value}\nx` });
    expect(multiline).toMatchObject({ ok: false, code: 'invalid_value' });
    const noTenant = await api.setSecret({ scope: 'tenant', name: 'OK_TOKEN', value });
    expect(noTenant).toMatchObject({ ok: false, code: 'scope_needs_tenant', next_step: 'choose a tenant first' });
    expect(JSON.stringify([forbidden, multiline, noTenant])).not.toContain(value);
    expect(kc.backend.calls.set).toEqual([]);
  });

  it('fits the proposed channel types as the core GatehouseApi methods will need', () => {
    type Method<C extends keyof typeof secretChannels> = (
      input: z.infer<(typeof secretChannels)[C]['input']>,
    ) => Promise<z.infer<(typeof secretChannels)[C]['output']>>;
    const methods: { [C in keyof typeof secretChannels]: Method<C> } = {
      listSecrets: api.listSecrets,
      setSecret: api.setSecret,
      deleteSecret: api.deleteSecret,
    };
    expect(Object.keys(methods)).toEqual(['listSecrets', 'setSecret', 'deleteSecret']);
  });

  it('has input schemas that refuse multi-line values and extra fields without quoting them', () => {
    const value = canaryValue();
    const bad = secretChannels.setSecret.input.safeParse({ scope: 'user', name: 'X_TOKEN', value: `${value}\n` });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).not.toContain(value);
    expect(secretChannels.deleteSecret.input.safeParse({ scope: 'user', name: 'X_TOKEN', value }).success).toBe(false);
    expect(secretChannels.listSecrets.input.safeParse({ tenant: 'a#b' }).success).toBe(false);
  });
});
