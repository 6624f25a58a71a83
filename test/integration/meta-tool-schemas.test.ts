// The advertised input schemas follow the contract's shape rules: nullable optionals as anyOf, never
// `type: [X, "null"]` (some hosts reject the array form).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { createWorkspace, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest;
beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: {} });
  core = await startCore(workspace);
});
afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
});

function typeArrays(schema: unknown, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Array.isArray((schema as { type?: unknown }).type) ? [path] : [];
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => typeArrays(value, `${path}/${key}`))];
}

it('advertises no type arrays in any meta-tool input schema', async () => {
  const { tools } = await core.client.listTools();
  expect(tools).toHaveLength(26);
  expect(tools.flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
});
