// `gatehouse secrets set|list|delete|import|sync` against the real keychain: in this process, and as a
// real child process with piped stdin and on a real terminal.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/main/cli/args';
import { scopeRef } from '../../../src/main/secrets/scopes';
import { bundleEntry, type Bundle } from './helpers/bundle';
import { runChild, runInProcess, runOnTerminal } from './helpers/cli-run';
import { canaryValue, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

let cli: Bundle;
beforeEach(requireKeychainSession);
beforeAll(async () => {
  cli = await bundleEntry(join(import.meta.dirname, 'fixtures', 'secrets-cli.ts'));
});
afterAll(() => cli?.cleanup());

let kc: TestKeychain;
let home: string;
let project: string;
beforeEach(() => {
  kc = testKeychain();
  home = join(kc.dir, 'home');
  project = join(kc.dir, 'project');
  mkdirSync(home);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{}');
});
afterEach(() => kc.cleanup());

const run = (argv: string[], extra: { stdin?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}) =>
  runInProcess(argv, { store: kc.store, cwd: extra.cwd ?? project, homeDir: home, stdin: extra.stdin, env: extra.env });

function childEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    GATEHOUSE_KEYCHAIN_SERVICE: kc.service,
    TERM: 'dumb',
  };
}

describe('gatehouse secrets (in process)', () => {
  it('sets from piped stdin into each scope, never echoing the value', async () => {
    const values = [canaryValue('u'), canaryValue('p'), canaryValue('t')];
    const results = [
      await run(['set', 'API_TOKEN'], { stdin: `${values[0]}\n` }),
      await run(['set', 'API_TOKEN', '--scope', 'project'], { stdin: values[1] }),
      await run(['set', 'API_TOKEN', '--scope', 'tenant', '--tenant', 'acme'], { stdin: `${values[2]}\r\n` }),
    ];
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(results[0]?.stdout).toBe('Stored API_TOKEN in user scope (OS keychain).\n');
    expect(results[1]?.stdout).toContain(`project scope (${project})`);
    expect(results[2]?.stdout).toContain(`tenant scope (acme in ${project})`);
    const all = results.map((r) => r.stdout + r.stderr).join('');
    for (const value of values) expect(all).not.toContain(value);
    expect(await kc.store.get({ scope: 'user' }, 'API_TOKEN')).toBe(values[0]);
    expect(await kc.store.get(scopeRef('project', { projectRoot: project }), 'API_TOKEN')).toBe(values[1]);
    expect(await kc.store.get(scopeRef('tenant', { projectRoot: project, tenant: 'acme' }), 'API_TOKEN')).toBe(values[2]);
  });

  it('takes a value argument only with --value-from-arg, and warns', async () => {
    const value = canaryValue();
    await expect(run(['set', 'ARG_TOKEN', value])).rejects.toThrow(UsageError);
    await expect(run(['set', 'ARG_TOKEN', value])).rejects.toThrow(/--value-from-arg/);
    await expect(run(['set', 'ARG_TOKEN', value])).rejects.not.toThrow(value);
    await expect(run(['set', 'ARG_TOKEN', 'two', 'words'])).rejects.toThrow('quote a value that contains spaces');
    const result = await run(['set', 'ARG_TOKEN', value, '--value-from-arg']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: the value was passed as an argument; process listings and shell history can show it\n');
    expect(result.stdout + result.stderr).not.toContain(value);
    expect(await kc.store.get({ scope: 'user' }, 'ARG_TOKEN')).toBe(value);
  });

  it('refuses bad names, forbidden names and multi-line values with exit 65 and a next step', async () => {
    const value = canaryValue();
    const forbidden = await run(['set', 'LD_PRELOAD'], { stdin: value });
    expect(forbidden.code).toBe(65);
    expect(forbidden.stderr).toContain('"LD_PRELOAD" changes how programs load code');
    expect(forbidden.stderr).toContain('next step:');
    const multi = await run(['set', 'MULTI_TOKEN'], { stdin: `${value}\nsecond line\n` });
    expect(multi.code).toBe(65);
    expect(multi.stderr).toContain('the value for MULTI_TOKEN contains a line break; it was not stored');
    const empty = await run(['set', 'EMPTY_TOKEN'], { stdin: '\n' });
    expect(empty.code).toBe(65);
    const badName = await run(['set', 'sk-live-1234', '--json'], { stdin: value });
    expect(badName.code).toBe(65);
    expect(JSON.parse(badName.stdout)).toMatchObject({ ok: false, error: { code: 'invalid_name' } });
    for (const r of [forbidden, multi, empty, badName]) expect(r.stdout + r.stderr).not.toContain(value);
    expect(badName.stderr).not.toContain('sk-live-1234');
    expect(kc.backend.calls.set).toEqual([]);
  });

  it('lists names, scopes, presence and last change as a table and as JSON, reading no value', async () => {
    const value = canaryValue();
    await run(['set', 'SHARED_TOKEN'], { stdin: value });
    await run(['set', 'SHARED_TOKEN', '--scope', 'project'], { stdin: value });
    await run(['set', 'ENV_SHADOWED_TOKEN'], { stdin: value });
    kc.backend.calls.get.length = 0;

    const table = await run(['list'], { env: { ENV_SHADOWED_TOKEN: 'from-env' } });
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toBe('Keychain: available (secret-service)');
    expect(lines[1]).toBe(`Project: ${project}`);
    expect(lines[3]).toMatch(/^NAME\s+USER\s+PROJECT\s+ENV\s+USED$/);
    expect(lines[4]).toMatch(/^ENV_SHADOWED_TOKEN\s+set \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+-\s+set\s+env$/);
    expect(lines[5]).toMatch(/^SHARED_TOKEN\s+set \S+ \S+\s+set \S+ \S+\s+-\s+project$/);

    const json = JSON.parse((await run(['list', '--json', '--tenant', 'acme'])).stdout);
    expect(json).toMatchObject({ keychain: { available: true }, project_root: project, tenant: 'acme', index_path: kc.indexPath });
    expect(json.names.map((n: { name: string; effective: string }) => [n.name, n.effective])).toEqual([['ENV_SHADOWED_TOKEN', 'user'], ['SHARED_TOKEN', 'project']]);

    const flat = await run(['list', '--all']);
    expect(flat.stdout.split('\n')[0]).toMatch(/^NAME\s+SCOPE\s+PROJECT\s+TENANT\s+LAST CHANGED$/);
    expect(kc.backend.calls.get).toEqual([]);
    expect(table.stdout + JSON.stringify(json) + flat.stdout).not.toContain(value);
  });

  it('deletes from one scope and says when there was nothing to delete', async () => {
    await run(['set', 'GONE_TOKEN', '--scope', 'project'], { stdin: canaryValue() });
    expect(await run(['delete', 'GONE_TOKEN', '--scope', 'project'])).toEqual({ code: 0, stdout: `Deleted GONE_TOKEN from project scope (${project}).\n`, stderr: '' });
    expect(await run(['delete', 'GONE_TOKEN', '--scope', 'project'])).toEqual({ code: 1, stdout: `GONE_TOKEN is not stored in project scope (${project}).\n`, stderr: '' });
  });

  it('imports PMCP files with a preview first, then applies and deletes on request', async () => {
    const value = canaryValue();
    mkdirSync(join(home, '.config', 'pmcp'), { recursive: true });
    writeFileSync(join(home, '.config', 'pmcp', 'pmcp.env'), `# pmcp\nexport PMCP_USER_TOKEN="${value}"\n`);
    const preview = await run(['import']);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain(`Import ${join(home, '.config', 'pmcp', 'pmcp.env')} -> user scope in the OS keychain`);
    expect(preview.stdout).toMatch(/add\s+PMCP_USER_TOKEN/);
    expect(preview.stdout).toContain(`${join(project, '.env.pmcp')}: not found, nothing to import.`);
    expect(preview.stdout).toContain('Nothing written. Run again with --apply to store 1 value(s).');
    expect(kc.backend.calls.set).toEqual([]);

    const applied = await run(['import', '--apply', '--delete-file', '--json']);
    const report = JSON.parse(applied.stdout);
    expect(report.ok).toBe(true);
    expect(report.imports[0]).toMatchObject({ stored: ['PMCP_USER_TOKEN'], deleted: true });
    expect(preview.stdout + applied.stdout + applied.stderr).not.toContain(value);
    expect(await kc.store.get({ scope: 'user' }, 'PMCP_USER_TOKEN')).toBe(value);
    await expect(run(['import', '--delete-file'])).rejects.toThrow('--delete-file needs --apply');
  });

  it('syncs user scope into the project with preview and overwrite control', async () => {
    const userValue = canaryValue('u');
    await run(['set', 'SYNC_TOKEN'], { stdin: userValue });
    await run(['set', 'SYNC_TOKEN', '--scope', 'project'], { stdin: canaryValue('p') });
    const preview = await run(['sync', '--from-scope', 'user', '--to-scope', 'project']);
    expect(preview.stdout).toMatch(/keep\s+SYNC_TOKEN \(already stored with a different value; --overwrite replaces it\)/);
    const applied = await run(['sync', '--from-scope', 'user', '--to-scope', 'project', '--overwrite', '--apply']);
    expect(applied.stdout).toContain('Stored 1 value(s) in the OS keychain: SYNC_TOKEN.');
    expect(await kc.store.get(scopeRef('project', { projectRoot: project }), 'SYNC_TOKEN')).toBe(userValue);
    const same = await run(['sync', '--from-scope', 'project', '--to-scope', 'project']);
    expect(same.code).toBe(65);
    await expect(run(['sync', '--to-scope', 'project'])).rejects.toThrow('needs --from-scope and --to-scope');
  });

  it('explains a missing project or tenant with exit 64', async () => {
    const outside = join(kc.dir, 'no-project-here');
    mkdirSync(outside);
    const noProject = await run(['set', 'P_TOKEN', '--scope', 'project'], { stdin: 'value-1234', cwd: outside });
    expect(noProject.code).toBe(64);
    expect(noProject.stderr).toContain('project scope needs a project');
    expect(noProject.stderr).toContain('next step: run the command inside the project, or name it with --project DIR');
    const noTenant = await run(['set', 'T_TOKEN', '--scope', 'tenant'], { stdin: 'value-1234' });
    expect(noTenant.stderr).toContain('next step: name it with --tenant ID');
  });
});

describe('gatehouse secrets (child process)', () => {
  it('stores a piped value and lists it, with the index in XDG_CONFIG_HOME', async () => {
    const value = canaryValue();
    const set = runChild(cli.file, ['set', 'CHILD_TOKEN', '--project', project], { env: childEnv(), cwd: kc.dir, input: `${value}\n` });
    expect(set).toMatchObject({ code: 0, stderr: '' });
    const list = runChild(cli.file, ['list', '--json'], { env: childEnv(), cwd: project });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).names[0]).toMatchObject({ name: 'CHILD_TOKEN', effective: 'user' });
    const index = readFileSync(join(home, '.config', 'gatehouse', 'secrets-index.json'), 'utf8');
    expect(index).toContain('CHILD_TOKEN');
    for (const text of [set.stdout, set.stderr, list.stdout, list.stderr, index]) expect(text).not.toContain(value);
  });

  it('prompts on a terminal without echoing what is typed', async () => {
    const value = canaryValue();
    const result = await runOnTerminal(cli.file, ['set', 'TYPED_TOKEN', '--project', project], { env: childEnv(), cwd: project, keys: `${value}\r` });
    expect(result.code).toBe(0);
    expect(result.screen).toContain('Value for TYPED_TOKEN (input hidden): ');
    expect(result.screen).toContain('Stored TYPED_TOKEN in user scope (OS keychain).');
    expect(result.screen).not.toContain(value);
    expect(result.screen).not.toContain(value.slice(0, 8));
    const child = new (await import('../../../src/main/secrets/store')).SecretStore({ indexPath: kc.indexPath, backend: kc.backend });
    expect(await child.get({ scope: 'user' }, 'TYPED_TOKEN')).toBe(value);
  });

  it('exits 130 without storing anything when the prompt is cancelled', async () => {
    const result = await runOnTerminal(cli.file, ['set', 'CANCELLED_TOKEN'], { env: childEnv(), cwd: project, keys: 'partial\x03' });
    expect(result.code).toBe(130);
    expect(result.screen).toContain('cancelled; nothing was stored');
    expect(result.screen).not.toContain('partial');
    expect(await kc.store.get({ scope: 'user' }, 'CANCELLED_TOKEN')).toBeNull();
  });

  it('turns a stray argument into a usage error without repeating it', () => {
    const value = canaryValue();
    const result = runChild(cli.file, ['set', 'X_TOKEN', value], { env: childEnv(), cwd: project });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('--value-from-arg');
    expect(result.stderr).not.toContain(value);
  });
});
