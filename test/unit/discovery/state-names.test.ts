// Server names read back from Gatehouse's own state files (provisioned.json, discovered.json) pass the
// same rule as config entries (issue 11, item 12): a hand-edited ".." or "a/b" is skipped and logged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readDiscovered } from '../../../src/main/discovery/discovered-store';
import { readProvisioned } from '../../../src/main/discovery/provisioned-store';
import type { DiscoveryContext } from '../../../src/main/discovery/types';

let root: string;
let ctx: DiscoveryContext;
let logs: string[];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-state-names-'));
  logs = [];
  ctx = { env: {}, homeDir: root, projectRoot: null, stateDir: join(root, 'state'), cacheDir: join(root, 'cache'), log: (line) => logs.push(line) };
  mkdirSync(ctx.stateDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const entry = { origin: 'manifest', transport: 'stdio', package: { type: 'npm', name: 'some-mcp', version: '1.0.0' }, args: [], env_vars: [] };

it('skips provisioned and registered servers whose names are dot names or hold a separator', () => {
  const servers = { '..': entry, 'a/b': entry, ok: entry };
  writeFileSync(join(ctx.stateDir, 'provisioned.json'), JSON.stringify({ servers }));
  writeFileSync(join(ctx.stateDir, 'discovered.json'), JSON.stringify({ servers }));
  expect([...readProvisioned(ctx).keys()]).toEqual(['ok']);
  expect([...readDiscovered(ctx).keys()]).toEqual(['ok']);
  expect(logs.filter((line) => line.includes('servers... is invalid (a name is not "." or "..") and was skipped'))).toHaveLength(2);
  expect(logs.filter((line) => line.includes('servers.a/b is invalid (a name has no "/" or "\\") and was skipped'))).toHaveLength(2);
});
