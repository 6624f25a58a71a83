// gateway.config_status, gateway.get_startup_policy and gateway.set_startup_policy (contract §2.3, §4.1,
// §4.5, §4.6): attribution rows, sources with their errors, shadowed and literal-placeholder findings;
// autoStart per source; preview-then-apply with the verbatim messages, sorted and de-duplicated writes
// that keep every other key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectFields } from './helpers/envelope';
import { faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface Entry {
  name: string;
  status: string;
  startup_policy: string;
  source?: string;
  source_path?: string;
  configured: boolean;
  diagnostics: string[];
}
interface ConfigStatus {
  entries: Entry[];
  sources: { source: string; path: string; exists: boolean; error?: string }[];
  diagnostics: { code: string; message: string }[];
}
interface PolicySource {
  source: string;
  path: string;
  exists: boolean;
  autoStart: string[];
  disableAutoStart: string[];
  error?: string;
}
interface SetPolicy {
  ok: boolean;
  source: string;
  path: string;
  changed: boolean;
  dry_run: boolean;
  before_autoStart: string[];
  after_autoStart: string[];
  diagnostics: unknown[];
  message: string;
  next_step?: string;
}

const ENTRY_FIELDS = ['name', 'status', 'startup_policy', 'startup_source', 'source', 'source_path', 'auth_state', 'configured', 'manifest', 'provisioned', 'discovered', 'diagnostics'];
const SET_FIELDS = ['ok', 'source', 'path', 'changed', 'dry_run', 'before_autoStart', 'after_autoStart', 'diagnostics', 'message'];

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  let projectFile: string;
  const status = async () => answerOf<ConfigStatus>(await gw.call('gateway.config_status'));
  const setPolicy = async (args: Record<string, unknown>) => answerOf<SetPolicy>(await gw.call('gateway.set_startup_policy', args));
  const projectJson = () => JSON.parse(readFileSync(projectFile, 'utf8')) as Record<string, unknown>;

  beforeAll(async () => {
    gw = await openGateway(lane, {
      mcpServers: {
        fault: faultServer(),
        spare: faultServer(),
        literal: { command: process.execPath, args: ['${NOT_INTERPOLATED_HERE}'] },
      },
      homeFiles: {
        // The user source defines "spare" too (shadowed by the project) and another file is malformed.
        '.mcp.json': JSON.stringify({ mcpServers: { spare: faultServer(), mine: faultServer() } }),
        '.claude/.mcp.json': '{ "mcpServers": { "broken": ',
      },
    });
    projectFile = join(gw.workspace.project, '.mcp.json');
  });
  afterAll(async () => gw?.close());

  it('config_status: one row per server with its attribution', async () => {
    const body = await status();
    expectFields(body, ['entries', 'sources', 'diagnostics']);
    expect(body.entries.map((e) => e.name)).toEqual(['fault', 'literal', 'mine', 'spare']);
    for (const entry of body.entries) expectFields(entry, ENTRY_FIELDS);
    const byName = Object.fromEntries(body.entries.map((e) => [e.name, e]));
    expect(byName.fault).toMatchObject({ status: 'lazy', startup_policy: 'lazy', source: 'project', source_path: projectFile, configured: true, diagnostics: [] });
    expect(byName.mine).toMatchObject({ source: 'user', source_path: join(gw.workspace.home, '.mcp.json') });
  });

  it('config_status: flags a shadowed definition and a literal ${ in args', async () => {
    const byName = Object.fromEntries((await status()).entries.map((e) => [e.name, e]));
    expect(byName.spare?.source).toBe('project');
    expect(byName.spare?.diagnostics.some((d) => d.startsWith('shadowed_by:project'))).toBe(true);
    expect(byName.literal?.diagnostics.some((d) => d.includes('${'))).toBe(true);
  });

  it('config_status: lists every source, with the malformed one carrying its error', async () => {
    const { sources } = await status();
    for (const source of sources) expectFields(source, ['source', 'path', 'exists']);
    expect(sources.find((s) => s.source === 'project')).toMatchObject({ path: projectFile, exists: true });
    const broken = sources.find((s) => s.path === join(gw.workspace.home, '.claude', '.mcp.json'));
    expect(broken).toMatchObject({ source: 'user', exists: true });
    expect(broken?.error).toContain('.mcp.json');
  });

  it('get_startup_policy: autoStart and disableAutoStart per source', async () => {
    const body = answerOf<{ sources: PolicySource[]; diagnostics: unknown[] }>(await gw.call('gateway.get_startup_policy'));
    expectFields(body, ['sources', 'diagnostics']);
    for (const source of body.sources) {
      expectFields(source, ['source', 'path', 'exists', 'autoStart', 'disableAutoStart']);
      expect(['project', 'user', 'custom']).toContain(source.source);
    }
    expect(body.sources.find((s) => s.source === 'project')).toMatchObject({ path: projectFile, exists: true, autoStart: [], disableAutoStart: [] });
  });

  it('set_startup_policy: a preview by default, writing nothing', async () => {
    const before = readFileSync(projectFile, 'utf8');
    const body = await setPolicy({ operation: 'add', names: ['spare', 'fault', 'spare'], source: 'project' });
    expectFields(body, SET_FIELDS);
    expect(body).toMatchObject({
      ok: true, source: 'project', path: projectFile, changed: true, dry_run: true,
      before_autoStart: [], after_autoStart: ['fault', 'spare'], message: 'Startup policy preview generated.',
    });
    expect(readFileSync(projectFile, 'utf8')).toBe(before);
  });

  it('set_startup_policy: apply without dry_run=false is still a dry run', async () => {
    const before = readFileSync(projectFile, 'utf8');
    const body = await setPolicy({ operation: 'add', names: ['fault'], source: 'project', apply: true });
    expect(body).toMatchObject({ ok: true, dry_run: true, message: 'Dry run only; set dry_run=false with apply=true to write.' });
    expect(readFileSync(projectFile, 'utf8')).toBe(before);
  });

  it('set_startup_policy: applies sorted and de-duplicated, keeping the other keys, then says what to call next', async () => {
    const body = await setPolicy({ operation: 'add', names: ['spare', 'fault', 'spare'], source: 'project', apply: true, dry_run: false });
    expect(body).toMatchObject({
      ok: true, changed: true, dry_run: false, after_autoStart: ['fault', 'spare'],
      message: 'Startup policy updated.', next_step: 'gateway.refresh(reason="startup_policy_changed")',
    });
    const written = projectJson();
    expect(written.autoStart).toEqual(['fault', 'spare']);
    expect(Object.keys(written.mcpServers as object)).toEqual(['fault', 'spare', 'literal']);
    const policy = answerOf<{ sources: PolicySource[] }>(await gw.call('gateway.get_startup_policy'));
    expect(policy.sources.find((s) => s.source === 'project')?.autoStart).toEqual(['fault', 'spare']);
  });

  it('set_startup_policy: reports no change when there is none', async () => {
    const body = await setPolicy({ operation: 'add', names: ['fault'], source: 'project', apply: true, dry_run: false });
    expect(body).toMatchObject({ ok: true, changed: false, message: 'No startup policy change needed.' });
  });

  it('set_startup_policy: remove and set', async () => {
    expect(await setPolicy({ operation: 'remove', names: ['spare'], source: 'project', apply: true, dry_run: false })).toMatchObject({
      ok: true, before_autoStart: ['fault', 'spare'], after_autoStart: ['fault'], message: 'Startup policy updated.',
    });
    expect(await setPolicy({ operation: 'set', names: [], source: 'project', apply: true, dry_run: false })).toMatchObject({
      ok: true, before_autoStart: ['fault'], after_autoStart: [],
    });
    expect(projectJson().autoStart).toEqual([]);
  });
});
