// The entry each client gets, read straight off the table: stdio launches, HTTP URLs, token references
// (never values), and reading an entry back for --list.
import { describe, expect, it } from 'vitest';
import { buildEntry, describeEntry, mergeEntry, ownedKeys, type EntryRequest } from '../../../src/main/clients/entry';
import { defaultLauncher, packageBin } from '../../../src/main/clients/launcher';
import { CLIENTS, findClient, type ClientSpec } from '../../../src/main/clients/table';
import { REPO_ROOT } from '../../helpers/workspace';

const client = (id: string) => findClient(id) as ClientSpec;
const LAUNCHER = { command: '/usr/bin/node', args: ['/opt/gatehouse/bin/gatehouse.mjs'] };
const URL = 'http://127.0.0.1:4000/mcp';
const stdio: EntryRequest = { mode: 'stdio', launcher: LAUNCHER, url: URL };
const http: EntryRequest = { mode: 'http', launcher: LAUNCHER, url: URL };
const withToken: EntryRequest = { ...http, tokenEnv: 'GH_TOKEN' };

const entry = (id: string, request: EntryRequest) => {
  const built = buildEntry(client(id), request);
  if (!built.ok) throw new Error(built.reason);
  return built.entry;
};

describe('stdio', () => {
  it('launches this node with bin/gatehouse.mjs and serve --transport stdio, in each client\'s spelling', () => {
    const args = ['/opt/gatehouse/bin/gatehouse.mjs', 'serve', '--transport', 'stdio'];
    expect(entry('claude-code', stdio)).toEqual({ type: 'stdio', command: '/usr/bin/node', args });
    expect(entry('vscode', stdio)).toEqual({ type: 'stdio', command: '/usr/bin/node', args });
    expect(entry('cursor', stdio)).toEqual({ command: '/usr/bin/node', args });
    expect(entry('codex', stdio)).toEqual({ command: '/usr/bin/node', args });
    expect(entry('opencode', stdio)).toEqual({ type: 'local', command: ['/usr/bin/node', ...args] });
  });
});

describe('http', () => {
  it('connects to the URL, in each client\'s spelling', () => {
    expect(entry('claude-code', http)).toEqual({ type: 'http', url: URL });
    expect(entry('vscode', http)).toEqual({ type: 'http', url: URL });
    expect(entry('cursor', http)).toEqual({ url: URL });
    expect(entry('opencode', http)).toEqual({ type: 'remote', url: URL });
    expect(entry('codex', http)).toEqual({ url: URL });
    expect(entry('gemini', http)).toEqual({ httpUrl: URL });
  });

  it('bridges through `gatehouse proxy` for Claude Desktop, which connects no URL from its file', () => {
    expect(entry('claude-desktop', http)).toEqual({ command: '/usr/bin/node', args: ['/opt/gatehouse/bin/gatehouse.mjs', 'proxy', '--url', URL] });
  });

  it('references the token variable in the client\'s own syntax', () => {
    expect(entry('claude-code', withToken)).toMatchObject({ headers: { Authorization: 'Bearer ${GH_TOKEN}' } });
    expect(entry('cursor', withToken)).toMatchObject({ headers: { Authorization: 'Bearer ${env:GH_TOKEN}' } });
    expect(entry('opencode', withToken)).toMatchObject({ headers: { Authorization: 'Bearer {env:GH_TOKEN}' } });
    expect(entry('gemini', withToken)).toMatchObject({ headers: { Authorization: 'Bearer ${GH_TOKEN}' } });
    expect(entry('codex', withToken)).toEqual({ url: URL, bearer_token_env_var: 'GH_TOKEN' });
  });

  it('refuses a token where the client cannot expand a variable', () => {
    for (const id of ['vscode', 'claude-desktop']) {
      const built = buildEntry(client(id), withToken);
      expect(built.ok).toBe(false);
    }
    expect(buildEntry(client('vscode'), withToken)).toMatchObject({ reason: expect.stringContaining('microsoft/vscode#336232') });
  });
});

describe('owning keys', () => {
  it('owns exactly the keys its templates write', () => {
    expect(ownedKeys(client('claude-code'))).toEqual(['type', 'command', 'args', 'url', 'headers']);
    expect(ownedKeys(client('codex'))).toEqual(['command', 'args', 'url', 'bearer_token_env_var']);
    expect(ownedKeys(client('claude-desktop'))).toEqual(['command', 'args']);
  });

  it('keeps unknown keys in place and drops owned keys the new entry lacks', () => {
    expect(mergeEntry({ timeout: 5, url: 'old', trust: true }, { command: 'x' }, ['url', 'command'])).toEqual({ timeout: 5, trust: true, command: 'x' });
  });

  it('gives every client a doc source', () => {
    for (const spec of CLIENTS) expect(spec.docs.length).toBeGreaterThan(0);
  });
});

describe('reading an entry back', () => {
  it('says what it launches or where it connects', () => {
    expect(describeEntry(client('claude-code'), entry('claude-code', stdio))).toEqual({ kind: 'stdio', target: '/usr/bin/node /opt/gatehouse/bin/gatehouse.mjs serve --transport stdio' });
    expect(describeEntry(client('opencode'), entry('opencode', stdio)).target).toBe('/usr/bin/node /opt/gatehouse/bin/gatehouse.mjs serve --transport stdio');
    expect(describeEntry(client('gemini'), entry('gemini', http))).toEqual({ kind: 'http', target: URL });
    expect(describeEntry(client('cursor'), { command: 'C:\\Program Files\\nodejs\\node.exe', args: ['x'] }).target).toBe('"C:\\Program Files\\nodejs\\node.exe" x');
    expect(describeEntry(client('cursor'), { enabled: true }).kind).toBe('unknown');
  });
});

describe('the launcher', () => {
  it('finds this package\'s bin/gatehouse.mjs through its package.json', () => {
    expect(packageBin()).toBe(`${REPO_ROOT}/bin/gatehouse.mjs`);
    expect(defaultLauncher()).toEqual({ command: process.execPath, args: [`${REPO_ROOT}/bin/gatehouse.mjs`] });
    expect(packageBin('/')).toBeNull();
  });
});
