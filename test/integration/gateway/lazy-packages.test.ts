// Issue 15 (cold start): the packages only some paths need — jose, yaml, ajv, re2js, porter2 — are not
// loaded before the first tools/list is answered, and each is loaded when its path is taken. The built
// CLI runs with a preload that records every package it imports or requires (test/fixtures/preload/).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gatewayEnv } from '../contract/helpers/gateway';
import { connectStdioCli } from '../../helpers/cli-process';
import { invoke } from '../../helpers/invoke';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';

const PRELOAD = join(import.meta.dirname, '..', '..', 'fixtures', 'preload', 'record-packages.mjs');
const LAZY = ['jose', 'yaml', 'ajv', 'ajv/dist/2020.js', 're2js', 'porter2'];

let workspace: Workspace;
let client: Client;
let record: string;
const loaded = () => readFileSync(record, 'utf8').split('\n').filter(Boolean);

beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { everything: everythingServer() } }, undefined, { approve: true });
  record = join(workspace.root, 'packages.txt');
  writeFileSync(record, '');
  client = new Client({ name: 'lazy-packages', version: '1.0.0' });
  await connectStdioCli(client, { project: workspace.project, env: { ...gatewayEnv(workspace.home), RECORD_PACKAGES_FILE: record }, nodeArgs: ['--import', pathToFileURL(PRELOAD).href] });
}, 60_000);

afterAll(async () => {
  await client?.close();
  workspace?.cleanup();
});

it('answers the first tools/list without loading the packages only some paths need', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain('gateway.invoke');
  expect(loaded().filter((name) => LAZY.includes(name))).toEqual([]);
}, 60_000);

it('loads the argument validator on the first invoke, and the stemmer on the first search', async () => {
  expect((await invoke(client, 'everything::echo', { message: 'lazy' })).ok).toBe(true);
  expect(loaded()).toEqual(expect.arrayContaining(['ajv/dist/2020.js']));
  await client.callTool({ name: 'gateway.catalog_search', arguments: { query: 'echo messages' } });
  expect(loaded()).toContain('porter2');
}, 60_000);
