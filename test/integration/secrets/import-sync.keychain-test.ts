// Importing PMCP's plaintext env files into the keychain, and syncing between scopes.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SecretsError } from '../../../src/main/secrets/errors';
import { applyImport, planImport, pmcpSources } from '../../../src/main/secrets/import-file';
import { scopeRef, type ScopeRef } from '../../../src/main/secrets/scopes';
import { planSync } from '../../../src/main/secrets/sync';
import { canaryValue, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

beforeEach(requireKeychainSession);

let kc: TestKeychain;
let home: string;
let project: string;
let projectRef: ScopeRef;
const user: ScopeRef = { scope: 'user' };
beforeEach(() => {
  kc = testKeychain();
  home = join(kc.dir, 'home');
  project = join(kc.dir, 'project');
  mkdirSync(join(home, '.config', 'pmcp'), { recursive: true });
  mkdirSync(project);
  projectRef = scopeRef('project', { projectRoot: project });
});
afterEach(() => kc.cleanup());

function writePmcpFiles(values: Record<string, string>) {
  writeFileSync(join(home, '.config', 'pmcp', 'pmcp.env'), [
    '# written by pmcp secrets set',
    `export GITHUB_TOKEN="${values.github}"`,
    `OPENAI_API_KEY='${values.openai}'`,
    `SLACK_TOKEN=${values.slack} # team workspace`,
    '',
  ].join('\n'));
  writeFileSync(join(project, '.env.pmcp'), `# project scope\nPROJECT_DB_PASSWORD=${values.db}\n`);
}

describe('import from PMCP env files', () => {
  it('previews without writing, then stores each file in its scope and can delete the plaintext', async () => {
    const values = { github: canaryValue('gh'), openai: canaryValue('oa'), slack: canaryValue('sl'), db: canaryValue('db') };
    writePmcpFiles(values);
    const [userSource, projectSource] = pmcpSources(home, project);
    expect(userSource?.path).toBe(join(home, '.config', 'pmcp', 'pmcp.env'));
    expect(projectSource?.target).toEqual(projectRef);

    const userPlan = await planImport(kc.store, userSource!, { overwrite: false });
    expect(userPlan.plan.items.map((i) => [i.name, i.action, i.line])).toEqual([
      ['GITHUB_TOKEN', 'add', 2], ['OPENAI_API_KEY', 'add', 3], ['SLACK_TOKEN', 'add', 4],
    ]);
    expect(kc.backend.calls.set).toEqual([]);
    const previewText = JSON.stringify(userPlan.plan) + JSON.stringify(userPlan);
    for (const value of Object.values(values)) expect(previewText).not.toContain(value);

    const outcome = await applyImport(kc.store, userPlan, { deleteFile: false });
    expect(outcome).toEqual({ stored: ['GITHUB_TOKEN', 'OPENAI_API_KEY', 'SLACK_TOKEN'], failed: [], deleted: false, deleteRefused: null });
    expect(await kc.store.get(user, 'GITHUB_TOKEN')).toBe(values.github);
    expect(await kc.store.get(user, 'SLACK_TOKEN')).toBe(values.slack);
    expect(existsSync(userSource!.path)).toBe(true);

    const projectOutcome = await applyImport(kc.store, await planImport(kc.store, projectSource!, { overwrite: false }), { deleteFile: true });
    expect(projectOutcome).toMatchObject({ stored: ['PROJECT_DB_PASSWORD'], deleted: true });
    expect(await kc.store.get(projectRef, 'PROJECT_DB_PASSWORD')).toBe(values.db);
    expect(await kc.store.get(user, 'PROJECT_DB_PASSWORD')).toBeNull();
    expect(existsSync(projectSource!.path)).toBe(false);

    // Importing the same file again changes nothing and may now delete it: everything is in the keychain.
    const again = await planImport(kc.store, userSource!, { overwrite: false });
    expect(again.plan.items.every((i) => i.action === 'keep_same')).toBe(true);
    expect(await applyImport(kc.store, again, { deleteFile: true })).toMatchObject({ stored: [], deleted: true });
  });

  it('keeps existing keys unless overwrite, and then keeps the file too', async () => {
    const values = { github: canaryValue('gh'), openai: canaryValue('oa'), slack: canaryValue('sl'), db: canaryValue('db') };
    writePmcpFiles(values);
    const keep = canaryValue('kept');
    await kc.store.set(user, 'GITHUB_TOKEN', keep);
    const source = pmcpSources(home, null)[0]!;

    const kept = await planImport(kc.store, source, { overwrite: false });
    expect(kept.plan.items.find((i) => i.name === 'GITHUB_TOKEN')?.action).toBe('keep_different');
    const keptOutcome = await applyImport(kc.store, kept, { deleteFile: true });
    expect(keptOutcome.stored).toEqual(['OPENAI_API_KEY', 'SLACK_TOKEN']);
    expect(keptOutcome.deleted).toBe(false);
    expect(keptOutcome.deleteRefused).toBe('GITHUB_TOKEN already had a different value in the keychain (use --overwrite to replace)');
    expect(await kc.store.get(user, 'GITHUB_TOKEN')).toBe(keep);
    expect(existsSync(source.path)).toBe(true);

    const replaced = await planImport(kc.store, source, { overwrite: true });
    expect(replaced.plan.items.map((i) => i.action)).toEqual(['replace', 'keep_same', 'keep_same']);
    await applyImport(kc.store, replaced, { deleteFile: false });
    expect(await kc.store.get(user, 'GITHUB_TOKEN')).toBe(values.github);
  });

  it('imports a named dotenv file into tenant scope and refuses to delete a file with lines it skipped', async () => {
    const file = join(kc.dir, 'team.env');
    const value = canaryValue();
    writeFileSync(file, `TEAM_TOKEN=${value}\nLD_PRELOAD=/tmp/evil.so\n`);
    const tenant = scopeRef('tenant', { projectRoot: project, tenant: 'acme' });
    const preview = await planImport(kc.store, { path: file, target: tenant, origin: 'file' }, { overwrite: false });
    expect(preview.plan.notes.map((n) => [n.line, n.code])).toEqual([[2, 'forbidden_name']]);
    const outcome = await applyImport(kc.store, preview, { deleteFile: true });
    expect(outcome.stored).toEqual(['TEAM_TOKEN']);
    expect(outcome.deleteRefused).toContain('some lines were not imported');
    expect(existsSync(file)).toBe(true);
    expect(await kc.store.get(tenant, 'TEAM_TOKEN')).toBe(value);
    expect(kc.backend.calls.set.filter((account) => account.endsWith(':LD_PRELOAD'))).toEqual([]);
  });

  it('refuses to delete a file that changed after the preview', async () => {
    const file = join(kc.dir, 'changing.env');
    writeFileSync(file, `A_TOKEN=${canaryValue()}\n`);
    const preview = await planImport(kc.store, { path: file, target: user, origin: 'file' }, { overwrite: false });
    writeFileSync(file, `A_TOKEN=${canaryValue()}\nB_TOKEN=added-later\n`);
    const outcome = await applyImport(kc.store, preview, { deleteFile: true });
    expect(outcome.deleteRefused).toBe('the file changed after it was read');
    expect(existsSync(file)).toBe(true);
  });

  it('names a missing file', async () => {
    const error = await planImport(kc.store, { path: join(kc.dir, 'nope.env'), target: user, origin: 'file' }, { overwrite: false }).catch((e: unknown) => e);
    expect((error as SecretsError).code).toBe('file_unreadable');
    expect((error as SecretsError).message).toBe(`${join(kc.dir, 'nope.env')} does not exist`);
  });
});

describe('sync between scopes', () => {
  it('copies user secrets into the project, keeping differing ones unless overwrite', async () => {
    const a = canaryValue('a');
    const b = canaryValue('b');
    const projectOwn = canaryValue('own');
    await kc.store.set(user, 'A_TOKEN', a);
    await kc.store.set(user, 'B_TOKEN', b);
    await kc.store.set(projectRef, 'B_TOKEN', projectOwn);

    const preview = await planSync(kc.store, user, projectRef, { overwrite: false });
    expect(preview.items.map((i) => [i.name, i.action])).toEqual([['A_TOKEN', 'add'], ['B_TOKEN', 'keep_different']]);
    expect(JSON.stringify(preview)).not.toContain(a);
    expect(await preview.apply(kc.store)).toEqual({ stored: ['A_TOKEN'], failed: [] });
    expect(await kc.store.get(projectRef, 'A_TOKEN')).toBe(a);
    expect(await kc.store.get(projectRef, 'B_TOKEN')).toBe(projectOwn);

    const overwrite = await planSync(kc.store, user, projectRef, { overwrite: true });
    expect(overwrite.items.map((i) => [i.name, i.action])).toEqual([['A_TOKEN', 'keep_same'], ['B_TOKEN', 'replace']]);
    await overwrite.apply(kc.store);
    expect(await kc.store.get(projectRef, 'B_TOKEN')).toBe(b);
  });

  it('limits to named secrets, notes names the source lacks, and refuses the same scope twice', async () => {
    await kc.store.set(user, 'ONLY_TOKEN', canaryValue());
    await kc.store.set(user, 'OTHER_TOKEN', canaryValue());
    const plan = await planSync(kc.store, user, projectRef, { overwrite: false, names: ['ONLY_TOKEN', 'ABSENT_TOKEN'] });
    expect(plan.items.map((i) => i.name)).toEqual(['ONLY_TOKEN']);
    expect(plan.notes.map((n) => [n.name, n.code])).toEqual([['ABSENT_TOKEN', 'not_in_source']]);
    const error = await planSync(kc.store, projectRef, scopeRef('project', { projectRoot: project }), { overwrite: false }).catch((e: unknown) => e);
    expect((error as SecretsError).code).toBe('same_scope');
  });
});
