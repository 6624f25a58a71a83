// Preview-then-apply against real files in a temp home: new files and folders get private modes, an
// existing file keeps its mode, links and files that changed since the preview are refused, and
// --list reads what is there without writing.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntryRequest } from '../../../src/main/clients/entry';
import { namedLauncher } from '../../../src/main/clients/launcher';
import { listClients } from '../../../src/main/clients/list';
import type { PathContext } from '../../../src/main/clients/paths';
import { applySetup, clientFile, planSetup } from '../../../src/main/clients/plan';
import { planView } from '../../../src/main/clients/preview';
import { findClient, type ClientSpec } from '../../../src/main/clients/table';

const STDIO: EntryRequest = { mode: 'stdio', launcher: namedLauncher('gatehouse'), url: 'http://127.0.0.1:3344/mcp' };
const client = (id: string) => findClient(id) as ClientSpec;

let home: string;
let ctx: PathContext;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gatehouse-plan-'));
  ctx = { platform: 'linux', env: {}, home };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const plan = (id: string, action: 'set' | 'remove' = 'set') => planSetup({ client: client(id), ctx, name: 'gatehouse', action, entry: STDIO });

function put(id: string, text: string, mode = 0o644): string {
  const path = clientFile(client(id), ctx);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

describe('applying', () => {
  it('creates missing folders 0700 and the file 0600', () => {
    const planned = plan('cursor');
    expect(planned).toMatchObject({ ok: true, exists: false, changed: true });
    expect(applySetup(planned)).toEqual({ ok: true, written: true, problem: null });
    const path = join(home, '.cursor', 'mcp.json');
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ mcpServers: { gatehouse: { command: 'gatehouse', args: ['serve', '--transport', 'stdio'] } } });
  });

  it('keeps the mode of an existing file', () => {
    const path = put('gemini', '{}\n', 0o640);
    expect(applySetup(plan('gemini')).written).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o640);
  });

  it('refuses a file that changed between the preview and the write', () => {
    const path = put('gemini', '{}\n');
    const planned = plan('gemini');
    writeFileSync(path, '{"theme": "changed meanwhile"}\n');
    expect(applySetup(planned)).toMatchObject({ ok: false, written: false, problem: { code: 'concurrent_modification', message: expect.stringContaining('E103 write refused') } });
    expect(readFileSync(path, 'utf8')).toBe('{"theme": "changed meanwhile"}\n');
  });

  it('refuses a file that appeared after a preview of a missing one', () => {
    const planned = plan('codex');
    put('codex', 'model = "o3"\n');
    expect(applySetup(planned).problem?.code).toBe('concurrent_modification');
  });

  it('refuses a symbolic link, in the preview already', () => {
    const real = join(home, 'real.json');
    writeFileSync(real, '{}\n');
    mkdirSync(join(home, '.gemini'));
    symlinkSync(real, join(home, '.gemini', 'settings.json'));
    const planned = plan('gemini');
    expect(planned).toMatchObject({ ok: false, problem: { code: 'symlink_refused' } });
    expect(applySetup(planned).written).toBe(false);
    expect(readFileSync(real, 'utf8')).toBe('{}\n');
  });

  it('refuses a folder where the file should be', () => {
    mkdirSync(join(home, '.gemini', 'settings.json'), { recursive: true });
    expect(plan('gemini').problem?.code).toBe('not_a_file');
  });

  it('writes nothing when the entry is already set', () => {
    const path = put('claude-code', JSON.stringify({ mcpServers: { gatehouse: { type: 'stdio', command: 'gatehouse', args: ['serve', '--transport', 'stdio'] } } }));
    const planned = plan('claude-code');
    expect(planned).toMatchObject({ ok: true, changed: false, text: null });
    expect(applySetup(planned)).toEqual({ ok: true, written: false, problem: null });
    expect(planView(planned).diff).toEqual([]);
    expect(existsSync(path)).toBe(true);
  });

  it('keeps a byte-order mark that a Windows editor saved', () => {
    const path = put('claude-desktop', '\uFEFF{\n  "mcpServers": {}\n}\n');
    expect(applySetup(plan('claude-desktop')).written).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('\uFEFF{\n  "mcpServers": {\n    "gatehouse": {')).toBe(true);
    expect(plan('claude-desktop').changed).toBe(false);
  });

  it('removes nothing from a file without the entry', () => {
    put('claude-code', '{"mcpServers": {}}');
    expect(plan('claude-code', 'remove')).toMatchObject({ ok: true, changed: false });
  });
});

describe('the preview', () => {
  it('is a diff of just the entry, in the file\'s own syntax', () => {
    put('codex', '[mcp_servers.gatehouse]\nurl = "http://127.0.0.1:9/mcp"\nstartup_timeout_sec = 20\n');
    expect(planView(plan('codex')).diff).toEqual([
      ' [mcp_servers.gatehouse]',
      '-url = "http://127.0.0.1:9/mcp"',
      ' startup_timeout_sec = 20',
      '+command = "gatehouse"',
      '+args = ["serve", "--transport", "stdio"]',
    ]);
    expect(planView(plan('codex')).location).toBe('[mcp_servers.gatehouse]');
  });
});

describe('listing', () => {
  it('reports detection, the file, the entry and unreadable files', () => {
    // A file holding only the gatehouse entry is what setup --write leaves: it says nothing about the client.
    put('claude-code', JSON.stringify({ mcpServers: { gatehouse: { type: 'http', url: 'http://127.0.0.1:3344/mcp' } } }));
    mkdirSync(join(home, '.cursor'));
    writeFileSync(join(home, '.cursor', 'argv.json'), '{}');
    put('gemini', '{ broken');
    const rows = Object.fromEntries(listClients(ctx, 'gatehouse').map((row) => [row.client, row]));
    expect(rows['claude-code']).toMatchObject({ detected: false, detected_by: null, exists: true, entry: { kind: 'http', target: 'http://127.0.0.1:3344/mcp' }, problem: null });
    expect(rows.cursor).toMatchObject({ detected: true, detected_by: `folder ${join(home, '.cursor')}`, exists: false, entry: null });
    expect(rows.codex).toMatchObject({ detected: false, exists: false, path: join(home, '.codex', 'config.toml') });
    // Gatehouse never writes a file it cannot parse: this one is the client's (or its user's).
    expect(rows.gemini).toMatchObject({ detected: true, detected_by: `settings in ${join(home, '.gemini', 'settings.json')}` });
    expect(rows.gemini?.problem).toMatch(/settings\.json:1:3: invalid JSON/);

    put('claude-code', JSON.stringify({ numStartups: 4, mcpServers: { gatehouse: { type: 'http', url: 'http://127.0.0.1:3344/mcp' } } }));
    expect(listClients(ctx, 'gatehouse').find((row) => row.client === 'claude-code')).toMatchObject({ detected: true, detected_by: `settings in ${join(home, '.claude.json')}` });
  });
});

describe('redaction in the preview', () => {
  it('masks credentials an operator kept in the entry, but not variable references', () => {
    put('claude-code', JSON.stringify({ mcpServers: { gatehouse: { type: 'http', url: 'u', env: { TOKEN: 'sk-live-123', REF: '${HOME}' }, headers: { Authorization: 'Bearer abc' } } } }));
    const view = planView(plan('claude-code'));
    expect(JSON.stringify(view)).not.toContain('sk-live-123');
    expect(JSON.stringify(view)).not.toContain('Bearer abc');
    expect(view.before).toMatchObject({ env: { TOKEN: '<redacted>', REF: '${HOME}' }, headers: { Authorization: '<redacted>' } });
    expect(view.diff).toContain('   "env": {');
  });
});
