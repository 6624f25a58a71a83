// `${VAR}` resolution order against the real keychain: process env, then tenant, project, user scope.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../../src/main/redaction/marker';
import { createSecretValues } from '../../../src/main/redaction/secret-values';
import { resolveVariables, resolveVariablesReport } from '../../../src/main/secrets/resolver';
import { scopeRef } from '../../../src/main/secrets/scopes';
import { canaryValue, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

beforeEach(requireKeychainSession);

let kc: TestKeychain;
let project: string;
beforeEach(() => {
  kc = testKeychain();
  project = join(kc.dir, 'project');
  mkdirSync(project);
});
afterEach(() => kc.cleanup());

const scopesOf = (map: Map<string, { scope: string }>) => Object.fromEntries([...map].map(([name, r]) => [name, r.scope]));

describe('resolveVariables', () => {
  it('takes process env first, then tenant, project and user scope', async () => {
    const user = { scope: 'user' } as const;
    const proj = scopeRef('project', { projectRoot: project });
    const tenant = scopeRef('tenant', { projectRoot: project, tenant: 'acme' });
    await kc.store.set(user, 'ALL_SCOPES', 'user-value');
    await kc.store.set(proj, 'ALL_SCOPES', 'project-value');
    await kc.store.set(tenant, 'ALL_SCOPES', 'tenant-value');
    await kc.store.set(user, 'USER_AND_PROJECT', 'user-value');
    await kc.store.set(proj, 'USER_AND_PROJECT', 'project-value');
    await kc.store.set(user, 'USER_ONLY', 'user-value');
    await kc.store.set(user, 'ENV_WINS', 'user-value');
    await kc.store.set(user, 'EMPTY_ENV', 'user-value');

    const names = ['ALL_SCOPES', 'USER_AND_PROJECT', 'USER_ONLY', 'ENV_WINS', 'EMPTY_ENV', 'NOWHERE_TOKEN'];
    const env = { ENV_WINS: 'env-value', EMPTY_ENV: '' };
    const withTenant = await resolveVariablesReport(names, { projectRoot: project, tenant: 'acme', env, store: kc.store });
    expect(scopesOf(withTenant.values)).toEqual({ ALL_SCOPES: 'tenant', USER_AND_PROJECT: 'project', USER_ONLY: 'user', ENV_WINS: 'env', EMPTY_ENV: 'user' });
    expect(withTenant.values.get('ALL_SCOPES')?.value).toBe('tenant-value');
    expect(withTenant.values.get('ENV_WINS')?.value).toBe('env-value');
    expect(withTenant.missing).toEqual(['NOWHERE_TOKEN']);
    expect(withTenant.keychain).toBeNull();

    const noTenant = await resolveVariables(names, { projectRoot: project, env, store: kc.store });
    expect(noTenant.get('ALL_SCOPES')).toEqual({ value: 'project-value', scope: 'project' });
    const noProject = await resolveVariables(names, { projectRoot: null, tenant: 'acme', env, store: kc.store });
    expect(noProject.get('ALL_SCOPES')).toEqual({ value: 'user-value', scope: 'user' });
  });

  it('uses only the environment when told there is no store, and never reads the keychain for env names', async () => {
    await kc.store.set({ scope: 'user' }, 'IN_KEYCHAIN_TOKEN', 'k-value');
    const envOnly = await resolveVariablesReport(['IN_KEYCHAIN_TOKEN', 'FROM_ENV'], { projectRoot: null, env: { FROM_ENV: 'e-value' }, store: null });
    expect(scopesOf(envOnly.values)).toEqual({ FROM_ENV: 'env' });
    expect(envOnly.missing).toEqual(['IN_KEYCHAIN_TOKEN']);

    kc.backend.calls.get.length = 0;
    await resolveVariables(['FROM_ENV'], { projectRoot: project, tenant: 'acme', env: { FROM_ENV: 'e-value' }, store: kc.store });
    expect(kc.backend.calls.get).toEqual([]);
  });

  it('lets only the environment supply loader names, and skips malformed names', async () => {
    const result = await resolveVariablesReport(['LD_PRELOAD', 'NODE_OPTIONS', 'bad-name'], {
      projectRoot: null, env: { LD_PRELOAD: '/opt/lib.so' }, store: kc.store,
    });
    expect(scopesOf(result.values)).toEqual({ LD_PRELOAD: 'env' });
    expect(result.missing).toEqual(['NODE_OPTIONS', 'bad-name']);
    expect(kc.backend.calls.get).toEqual([]);
  });

  it('feeds every resolved value to the redactor', async () => {
    const secret = canaryValue();
    await kc.store.set({ scope: 'user' }, 'REDACTED_TOKEN', secret);
    const redactor = createSecretValues();
    await resolveVariables(['REDACTED_TOKEN', 'ENV_TOKEN'], { projectRoot: null, env: { ENV_TOKEN: 'env-secret-value' }, store: kc.store, secretValues: redactor });
    expect(redactor.scrub(`a ${secret} b env-secret-value c`)).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });
});
