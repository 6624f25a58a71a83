// Resource and prompt policy against a real server that logs every request it gets and every start
// (test/fixtures/servers/resource-log-server.ts), so "refused without starting" and "refused without
// forwarding" are proved by the server itself, not by the gateway's word: a denied resource leaves a lazy
// server unstarted; other spellings of a denied URI (scheme case, escapes, dot segments) are denied too;
// a prompt name or resource URI the server never listed (and no template covers) is refused.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { createWorkspace, REPO_ROOT, type Workspace } from '../helpers/workspace';

const LOG_SERVER = join(REPO_ROOT, 'out/fixtures/resource-log-server.mjs');

const POLICY = `resources:
  denylist: ["logged::file:///etc/passwd", "eager::file:///etc/passwd"]
prompts:
  denylist: ["logged::review"]
`;

interface LogLine {
  event: 'start' | 'request';
  pid?: number;
  method?: string;
  uri?: string;
  name?: string;
}

let workspace: Workspace;
let core: CoreUnderTest;
// In the project, granted read-write: a confined server's own /tmp (and the rest outside its grants) is
// not the test's to read.
const logOf = (server: string) => join(workspace.project, 'logs', `${server}.log.jsonl`);
function events(server: string): LogLine[] {
  const path = logOf(server);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
}
const requests = (server: string, method: string) => events(server).filter((line) => line.event === 'request' && line.method === method);
const row = async (name: string) => (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);

beforeAll(async () => {
  workspace = createWorkspace();
  const policyPath = join(workspace.root, 'policy.yaml');
  writeFileSync(policyPath, POLICY);
  mkdirSync(join(workspace.project, 'logs'));
  const grants = { confinement: { grants: [{ path: 'logs', access: 'rw' }] } };
  const entry = (name: string) => ({ command: process.execPath, args: [LOG_SERVER], env: { RESOURCE_LOG: logOf(name) }, gatehouse: grants });
  workspace.writeConfig({ mcpServers: { logged: entry('logged'), eager: entry('eager'), lazyprompt: entry('lazyprompt') } });
  core = await startCore(workspace, { ...process.env, GATEHOUSE_POLICY: policyPath });
});
afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
});

describe('a lazy server', () => {
  it('is not started to refuse a denied resource (E402)', async () => {
    await expect(core.client.readResource({ uri: 'logged::file:///etc/passwd' })).rejects.toMatchObject({ data: { code: 'E402' } });
    await expect(core.client.readResource({ uri: 'logged::FILE:///etc/passwd' })).rejects.toMatchObject({ data: { code: 'E402' } });
    expect(await row('logged')).toMatchObject({ status: 'lazy', pid: null });
    expect(events('logged')).toEqual([]);
  });

  it('is not started to refuse a denied prompt (E402)', async () => {
    await expect(core.client.getPrompt({ name: 'logged::review' })).rejects.toMatchObject({ data: { code: 'E402' } });
    expect(await row('logged')).toMatchObject({ status: 'lazy', pid: null });
    expect(events('logged')).toEqual([]);
  });

  it('starts for an allowed prompt, but an unlisted name is still refused without being forwarded', async () => {
    await expect(core.client.getPrompt({ name: 'lazyprompt::hidden' })).rejects.toThrow(/Unknown prompt: lazyprompt::hidden/);
    expect(events('lazyprompt').filter((line) => line.event === 'start')).toHaveLength(1);
    expect(requests('lazyprompt', 'prompts/get')).toEqual([]);
    const got = await core.client.getPrompt({ name: 'lazyprompt::greet' });
    expect(got.messages[0]).toMatchObject({ content: { text: 'hello' } });
    expect(requests('lazyprompt', 'prompts/get').map((line) => line.name)).toEqual(['greet']);
  });
});

describe('a running server', () => {
  beforeAll(async () => {
    await core.gatehouse.api.startServer({ name: 'eager' });
  });

  it('never receives a denied URI under another spelling', async () => {
    const spellings = [
      'file:///etc/passwd',
      'FILE:///etc/passwd',
      'File:///etc/passwd',
      'file:///etc/../etc/passwd',
      'file:///etc/./passwd',
      'file:///etc/%70asswd',
      'file:///%65tc/passwd',
      'file://localhost/etc/passwd',
      'file://LOCALHOST/etc/passwd',
      'file:///etc//passwd',
      'file:///tmp/..%2F..%2Fetc/passwd',
      'file:///etc/passwd%2F.',
    ];
    for (const uri of spellings) {
      await expect(core.client.readResource({ uri: `eager::${uri}` }), uri).rejects.toMatchObject({ data: { code: 'E402' } });
    }
    expect(requests('eager', 'resources/read')).toEqual([]);
  });

  it('refuses a bare URI that spells a denied resource differently (E402)', async () => {
    await expect(core.client.readResource({ uri: 'FILE:///etc/passwd' })).rejects.toMatchObject({ data: { code: 'E402' } });
    expect(requests('eager', 'resources/read')).toEqual([]);
  });

  it('reads listed resources and URIs of a listed template, and refuses anything else unforwarded', async () => {
    const listed = await core.client.readResource({ uri: 'eager::file:///home/user/notes.txt' });
    expect(listed.contents[0]).toMatchObject({ uri: 'file:///home/user/notes.txt' });
    const templated = await core.client.readResource({ uri: 'eager::fixture://items/42' });
    expect(templated.contents[0]).toMatchObject({ uri: 'fixture://items/42' });
    await expect(core.client.readResource({ uri: 'eager::fixture://secret/thing' })).rejects.toThrow(/Resource not found/);
    await expect(core.client.readResource({ uri: 'eager::file:///home/user/other.txt' })).rejects.toThrow(/Resource not found/);
    expect(requests('eager', 'resources/read').map((line) => line.uri)).toEqual(['file:///home/user/notes.txt', 'fixture://items/42']);
  });

  it('refuses a prompt it never listed without forwarding it, and gets a listed one', async () => {
    await expect(core.client.getPrompt({ name: 'eager::hidden' })).rejects.toThrow(/Unknown prompt: eager::hidden/);
    expect(requests('eager', 'prompts/get')).toEqual([]);
    const got = await core.client.getPrompt({ name: 'eager::review' });
    expect(got.messages[0]).toMatchObject({ content: { text: 'review' } });
    expect(requests('eager', 'prompts/get').map((line) => line.name)).toEqual(['review']);
  });
});
