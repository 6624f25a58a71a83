// Golden before/after files for every client in the table (test/fixtures/clients/<client>/): each
// "before" holds comments (where the format allows), unrelated entries and keys in no particular order;
// each "after-*" is exactly what setup must write. GATEHOUSE_UPDATE_GOLDEN=1 rewrites the after files
// (review the diff before committing them).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntryRequest } from '../../../src/main/clients/entry';
import { namedLauncher } from '../../../src/main/clients/launcher';
import type { PathContext } from '../../../src/main/clients/paths';
import { clientFile, planSetup } from '../../../src/main/clients/plan';
import { CLIENTS, type ClientSpec } from '../../../src/main/clients/table';
import { REPO_ROOT } from '../../helpers/workspace';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/clients');
const UPDATE = process.env.GATEHOUSE_UPDATE_GOLDEN === '1';
const URL = 'http://127.0.0.1:3344/mcp';
const STDIO: EntryRequest = { mode: 'stdio', launcher: namedLauncher('gatehouse'), url: URL };
const HTTP: EntryRequest = { mode: 'http', launcher: namedLauncher('gatehouse'), url: URL };
const HTTP_TOKEN: EntryRequest = { ...HTTP, tokenEnv: 'GATEHOUSE_TOKEN' };

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gatehouse-golden-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function context(): PathContext {
  return { platform: 'linux', env: {}, home };
}

function extensionOf(client: ClientSpec): string {
  const before = readdirSync(join(FIXTURES, client.id)).find((name) => name.startsWith('before.'));
  if (!before) throw new Error(`no before file for ${client.id}`);
  return before.slice('before'.length);
}

/** Puts `text` where the client keeps its config in the temp home and plans against it. */
function plan(client: ClientSpec, text: string, action: 'set' | 'remove', entry?: EntryRequest) {
  const path = clientFile(client, context());
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return planSetup({ client, ctx: context(), name: 'gatehouse', action, ...(entry ? { entry } : {}) });
}

function golden(client: ClientSpec, name: string, actual: string): void {
  const file = join(FIXTURES, client.id, `${name}${extensionOf(client)}`);
  if (UPDATE) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

/** The file after the plan: its new text, or the input when nothing changes. */
function result(client: ClientSpec, input: string, action: 'set' | 'remove', entry?: EntryRequest): string {
  const planned = plan(client, input, action, entry);
  expect(planned.problem).toBeNull();
  const output = planned.text ?? input;
  // Idempotent: the same request against the result changes nothing.
  expect(plan(client, output, action, entry).changed).toBe(false);
  return output;
}

describe.each(CLIENTS.map((client) => [client.id, client] as const))('%s', (_id, client) => {
  const before = () => readFileSync(join(FIXTURES, client.id, `before${extensionOf(client)}`), 'utf8');

  it('adds a stdio entry and keeps everything else', () => {
    golden(client, 'after-stdio', result(client, before(), 'set', STDIO));
  });

  it('adds an http entry', () => {
    golden(client, 'after-http', result(client, before(), 'set', HTTP));
  });

  it('adds a bearer header that names the variable, or refuses where the client cannot expand one', () => {
    if ('refuse' in client.auth) {
      const planned = plan(client, before(), 'set', HTTP_TOKEN);
      expect(planned.ok).toBe(false);
      expect(planned.problem?.code).toBe('refused_by_client');
      return;
    }
    const output = result(client, before(), 'set', HTTP_TOKEN);
    expect(output).toContain('GATEHOUSE_TOKEN');
    golden(client, 'after-http-token', output);
  });

  it('switches an existing entry from stdio to http in place', () => {
    const stdio = result(client, before(), 'set', STDIO);
    golden(client, 'after-stdio-then-http', result(client, stdio, 'set', HTTP));
  });

  it('removes the entry and nothing else', () => {
    golden(client, 'after-remove', result(client, result(client, before(), 'set', STDIO), 'remove'));
  });
});
