// The canary: one unique secret set in the real keychain, then every path of the secrets layer is
// exercised (CLI output and errors, listings, import and sync previews, gateway.auth_connect answers,
// panel results, resolution reports, the index and every file written) and the canary must appear in
// none of them. A real core whose config references ${CANARY_TOKEN} must not show it either.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callMeta } from '../../helpers/meta';
import { startCore } from '../../helpers/core';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { createAuthConnectTool } from '../../../src/main/gateway/tools/auth-connect';
import { planImport } from '../../../src/main/secrets/import-file';
import { createSecretsPanelApi } from '../../../src/main/secrets/panel-api';
import { REDACTED } from '../../../src/main/redaction/marker';
import { createSecretValues } from '../../../src/main/redaction/secret-values';
import { resolveVariablesReport } from '../../../src/main/secrets/resolver';
import { scopeRef } from '../../../src/main/secrets/scopes';
import { planSync } from '../../../src/main/secrets/sync';
import { bundleEntry, type Bundle } from './helpers/bundle';
import { runChild } from './helpers/cli-run';
import { CANARY_SERVER, canaryServer, gatewayWith, noCall } from './helpers/gateway-context';
import { canaryValue, keychainSessionPresent, requireKeychainSession, testKeychain, type TestKeychain } from './helpers/keychain-session';

const CANARY = canaryValue('CANARY');
/** Everything the tests saw, checked together at the end. */
const seen: { where: string; text: string }[] = [];
const record = (where: string, value: unknown) => seen.push({ where, text: typeof value === 'string' ? value : JSON.stringify(value) });

let kc: TestKeychain;
let cli: Bundle;
let workspace: Workspace;
let home: string;
let childEnv: NodeJS.ProcessEnv;
beforeEach(requireKeychainSession);
beforeAll(async () => {
  if (!keychainSessionPresent()) return;
  kc = testKeychain();
  cli = await bundleEntry(join(import.meta.dirname, 'fixtures', 'secrets-cli.ts'));
  workspace = createWorkspace();
  home = workspace.home;
  childEnv = {
    PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    GATEHOUSE_KEYCHAIN_SERVICE: kc.service,
  };
  const set = runChild(cli.file, ['set', 'CANARY_TOKEN', '--project', workspace.project], { env: childEnv, cwd: workspace.project, input: `${CANARY}\n` });
  record('cli set', set);
  expect(set.code).toBe(0);
});
afterAll(() => {
  cli?.cleanup();
  workspace?.cleanup();
  kc?.cleanup();
});

const cliRun = (argv: string[], input = '') => {
  const result = runChild(cli.file, argv, { env: childEnv, cwd: workspace.project, input });
  record(`cli ${argv.join(' ')}`, result);
  return result;
};

describe('canary secret', () => {
  it('is stored, and the child-process CLI shows it nowhere in listings, errors or previews', () => {
    expect(cliRun(['list']).stdout).toMatch(/CANARY_TOKEN\s+set/);
    cliRun(['list', '--json']);
    cliRun(['list', '--all', '--json']);
    expect(cliRun(['set', 'OTHER_TOKEN'], `${CANARY}\nsecond line`).code).toBe(65);
    expect(cliRun(['set', 'LD_PRELOAD'], CANARY).code).toBe(65);
    expect(cliRun(['set', 'OTHER_TOKEN', CANARY]).code).toBe(64);
    expect(cliRun(['set', CANARY], 'a-value-typed-after-the-name').code).toBe(65);
    cliRun(['sync', '--from-scope', 'user', '--to-scope', 'project']);
    expect(cliRun(['sync', '--from-scope', 'user', '--to-scope', 'project', '--apply', '--json']).code).toBe(0);
    cliRun(['sync', '--from-scope', 'user', '--to-scope', 'tenant', '--tenant', 'acme', '--apply']);
    cliRun(['list', '--tenant', 'acme']);
  });

  it('leaves a PMCP import source only in the file the operator had, and deletes it on request', () => {
    const file = join(workspace.project, '.env.pmcp');
    writeFileSync(file, `# pmcp\nexport CANARY_TOKEN="${CANARY}"\nSECOND_CANARY_TOKEN='${CANARY}'\n`);
    cliRun(['import']);
    const applied = cliRun(['import', '--apply', '--overwrite', '--delete-file', '--json']);
    expect(JSON.parse(applied.stdout).imports[1]).toMatchObject({ deleted: true });
    expect(existsSync(file)).toBe(false);
  });

  it('is not shown by gateway.auth_connect, the panel API, plans or resolution reports', async () => {
    const redactor = createSecretValues();
    const { gateway, stop } = await gatewayWith([canaryServer('canary', { CANARY_TOKEN: '${CANARY_TOKEN}' }, workspace.project)], join(kc.dir, 'state'));
    try {
      const tool = createAuthConnectTool(kc.store, { projectRoot: workspace.project, secretValues: redactor });
      for (const args of [
        { server_name: 'canary', credential: CANARY },
        { server_name: 'canary', credential: CANARY, scope: 'project' },
        { server_name: 'canary', credential: `${CANARY}\n`, env_var: 'CANARY_TOKEN' },
        { server_name: 'canary', credential: CANARY, env_var: 'NODE_OPTIONS' },
        { server_name: 'canary', credential: CANARY, auth_mode: 'url_elicitation', elicitation_id: 'e1', consent_acknowledged: true },
      ]) record('auth_connect', await tool.run(tool.input.parse(args), gateway, noCall));
    } finally {
      await stop();
    }

    const panel = createSecretsPanelApi({ store: kc.store, projectRoot: workspace.project, env: { CANARY_TOKEN: CANARY }, secretValues: redactor });
    record('panel list', await panel.listSecrets({ tenant: 'acme' }));
    record('panel set', await panel.setSecret({ scope: 'project', name: 'PANEL_TOKEN', value: CANARY }));
    record('panel set bad', await panel.setSecret({ scope: 'user', name: 'PANEL_TOKEN', value: `${CANARY}\r` }));
    record('panel set forbidden', await panel.setSecret({ scope: 'user', name: 'DYLD_INSERT_LIBRARIES', value: CANARY }));
    record('panel delete', await panel.deleteSecret({ scope: 'project', name: 'PANEL_TOKEN' }));

    const user = { scope: 'user' } as const;
    const project = scopeRef('project', { projectRoot: workspace.project });
    const sync = await planSync(kc.store, user, project, { overwrite: true });
    record('sync plan json', sync);
    record('sync plan inspect', inspect(sync, { depth: 10, showHidden: true }));
    const source = join(kc.dir, 'extra.env');
    writeFileSync(source, `EXTRA_CANARY_TOKEN=${CANARY}\n`);
    const imported = await planImport(kc.store, { path: source, target: user, origin: 'file' }, { overwrite: false });
    record('import plan inspect', inspect(imported, { depth: 10, showHidden: true }));
    record('import plan json', imported);

    const report = await resolveVariablesReport(['CANARY_TOKEN', 'MISSING_TOKEN'], { projectRoot: workspace.project, tenant: 'acme', env: {}, store: kc.store, secretValues: redactor });
    expect(report.values.get('CANARY_TOKEN')).toEqual({ value: CANARY, scope: 'tenant' });
    record('resolve report', { ...report, values: Object.fromEntries([...report.values].map(([n, r]) => [n, r.scope])) });
    record('resolve report map', JSON.stringify(report));

    // Logs and errors built from the value in its usual encodings come out scrubbed.
    const logLine = `child said ${CANARY} ${JSON.stringify({ token: CANARY })} ${encodeURIComponent(CANARY)} ${Buffer.from(`u:${CANARY}`).toString('base64')}`;
    const scrubbed = redactor.scrub(logLine);
    expect(scrubbed.split(REDACTED).length - 1).toBeGreaterThanOrEqual(4);
    record('redacted log', scrubbed);
  });

  it('is not shown by a real core whose config references ${CANARY_TOKEN}', async () => {
    workspace.writeConfig({ mcpServers: { canary: { command: process.execPath, args: [CANARY_SERVER], env: { CANARY_TOKEN: '${CANARY_TOKEN}' } } } });
    const core = await startCore(workspace, childEnv);
    try {
      const invoked = await callMeta(core.client, 'gateway.invoke', { tool_id: 'canary::env_digest', arguments: { name: 'CANARY_TOKEN' } });
      record('invoke', invoked);
      record('invoke again', await callMeta(core.client, 'gateway.invoke', { tool_id: 'canary::env_digest', arguments: { name: 'CANARY_TOKEN' } }));
      record('health', await callMeta(core.client, 'gateway.health', { verbose: true }));
      record('catalog', await callMeta(core.client, 'gateway.catalog_search', { query: 'env' }));
      record('api health', await core.gatehouse.api.listHealth({}));
      record('api issues', await core.gatehouse.api.listConfigIssues({}));
      record('snapshots', core.snapshots);
      record('logs', core.logs.join('\n'));
    } finally {
      await core.close();
    }
  });

  it('appears in none of the outputs above, nor in any file written, nor in plaintext in the keyring file', () => {
    expect(seen.length).toBeGreaterThan(30);
    for (const { where, text } of seen) expect(text, where).not.toContain(CANARY);
    const roots = [workspace.root, kc.dir, join(process.env.XDG_DATA_HOME ?? '', 'keyrings')];
    const files = roots.flatMap((dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((e) => join(dir, e)) : []))
      .filter((path) => statSync(path).isFile());
    expect(files.some((f) => f.endsWith('secrets-index.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('.keyring'))).toBe(true);
    for (const file of files) {
      if (file === join(kc.dir, 'extra.env')) continue; // the operator's own plaintext source, not written by Gatehouse
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(CANARY)), file).toBe(false);
      expect(bytes.includes(Buffer.from(Buffer.from(CANARY).toString('base64'))), file).toBe(false);
    }
  });
});
