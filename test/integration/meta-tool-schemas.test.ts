// The advertised input schemas follow the contract's shape rules: nullable optionals as anyOf, never
// `type: [X, "null"]` (some hosts reject the array form).
import { expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';

const shared = coreForFile({ mcpServers: {} });

function typeArrays(schema: unknown, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Array.isArray((schema as { type?: unknown }).type) ? [path] : [];
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => typeArrays(value, `${path}/${key}`))];
}

it('advertises no type arrays in any meta-tool input schema', async () => {
  const { tools } = await shared.core.client.listTools();
  expect(tools).toHaveLength(26);
  expect(tools.flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
});
