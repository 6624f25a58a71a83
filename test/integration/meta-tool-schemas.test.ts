// The advertised input schemas work in every client (issue 12, finding 3): they follow the contract's
// shape rules (nullable optionals as anyOf, never `type: [X, "null"]`), pass MCP Inspector 2.x
// `--strict` with no finding, compile under ajv's strict mode, and give every property a top-level
// `type` — the only thing an old client such as MCP Inspector 0.15 reads to decide whether a field's
// text is JSON — except the contract's nullable form, whose branches carry it. gateway.invoke's
// `arguments` is a plain `{"type": "object"}` defaulting to `{}`, and a JSON text sent where only an
// object or array fits is read as that value.
import type { Tool } from '@modelcontextprotocol/client';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';
import { callMeta } from '../helpers/meta';
import { portabilityFindings } from '../helpers/schema-portability';
import { everythingServer } from '../helpers/workspace';

// The full profile: every one of the 26 schemas is checked.
const shared = coreForFile({ mcpServers: { everything: everythingServer() } }, () => ({ ...process.env, GATEHOUSE_TOOLS_PROFILE: 'full' }));

type Node = Record<string, unknown>;

function typeArrays(schema: unknown, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Array.isArray((schema as { type?: unknown }).type) ? [path] : [];
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => typeArrays(value, `${path}/${key}`))];
}

/** `{anyOf: [X, {type: "null"}]}` with a typed X: the contract's nullable optional (§1). */
function isContractNullable(schema: Node): boolean {
  const branches = schema.anyOf;
  return Array.isArray(branches) && branches.length === 2 && typeof (branches[0] as Node).type === 'string' && (branches[1] as Node).type === 'null' && Object.keys(branches[1] as Node).length === 1;
}

/** Every property, at any depth, that has neither a top-level `type` nor the contract's nullable form. */
function untypedProperties(schema: unknown, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Node;
  const own = Object.entries((node.properties ?? {}) as Record<string, Node>)
    .filter(([, property]) => typeof property.type !== 'string' && !isContractNullable(property))
    .map(([name]) => `${path}.${name}`);
  const nested = Object.entries(node).flatMap(([key, value]) =>
    Array.isArray(value) ? value.flatMap((item, i) => untypedProperties(item, `${path}.${key}[${i}]`)) : untypedProperties(value, `${path}.${key}`));
  return [...own, ...nested];
}

async function listed(): Promise<Tool[]> {
  const { tools } = await shared.core.client.listTools();
  expect(tools).toHaveLength(26);
  return tools;
}

describe('every advertised meta-tool schema', () => {
  it('has no type arrays', async () => {
    expect((await listed()).flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
  });

  it('passes MCP Inspector 2.x --strict: no bare boolean, type array, remote $ref or untyped schema', async () => {
    const findings = (await listed()).flatMap((tool) => portabilityFindings(tool.inputSchema).map((f) => `${tool.name} ${f.rule} inputSchema.${f.path}`));
    expect(findings).toEqual([]);
  });

  it('compiles under ajv strict mode (draft 2020-12) without a warning', async () => {
    const problems: string[] = [];
    for (const tool of await listed()) {
      const note = (message: unknown) => problems.push(`${tool.name}: ${String(message)}`);
      const ajv = new Ajv2020({ strict: true, allErrors: true, logger: { log: () => undefined, warn: note, error: note } });
      // The 2026-07-28 routing annotation (SEP-2243) on task_id and cursor: a keyword of the MCP spec, not of
      // JSON Schema, so a strict validator is told about it as a client of that revision would be.
      ajv.addKeyword('x-mcp-header');
      try {
        ajv.compile(tool.inputSchema);
      } catch (error) {
        note(error instanceof Error ? error.message : error);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every property a top-level type, or the contract nullable anyOf [typed X, {type: null}]', async () => {
    expect((await listed()).flatMap((tool) => untypedProperties(tool.inputSchema, tool.name))).toEqual([]);
  });
});

describe('gateway.invoke arguments', () => {
  it('are advertised as {"type": "object"} with default {}, never nullable or untyped', async () => {
    const invoke = (await listed()).find((tool) => tool.name === 'gateway.invoke');
    const schema = invoke?.inputSchema as { properties: Record<string, Node>; required?: string[] };
    expect(schema.properties.arguments).toMatchObject({ type: 'object', default: {} });
    expect(schema.properties.arguments).not.toHaveProperty('anyOf');
    expect(schema.properties.arguments).not.toHaveProperty('additionalProperties');
    expect(schema.required).toEqual(['tool_id']);
  });

  it('default to {} when left out or sent as null', async () => {
    const leftOut = await callMeta<{ ok: boolean }>(shared.core.client, 'gateway.invoke', { tool_id: 'everything::get-tiny-image' });
    expect(leftOut.body.ok).toBe(true);
    // {} reaches the tool's own schema check: its missing numbers are named, the null is not.
    const sentNull = await callMeta<{ ok: boolean; errors: { code: string; message: string }[] }>(shared.core.client, 'gateway.invoke', { tool_id: 'everything::get-sum', arguments: null });
    expect(sentNull.body).toMatchObject({ ok: false, errors: [{ code: 'E304' }] });
    expect(sentNull.body.errors[0]?.message).toMatch(/\/a\b.*\/b\b|missing/);
  });

  it('may arrive as JSON text, as MCP Inspector 0.15 sends a field it cannot type; so may the options object', async () => {
    const { body, isError } = await callMeta<{ ok: boolean; result: { content: { text: string }[] } }>(shared.core.client, 'gateway.invoke', {
      tool_id: 'everything::echo',
      arguments: '{"message":"sent as text"}',
      options: '{"timeout_ms": 20000}',
    });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'Echo: sent as text' }] } });
  });

  it('refuses text that is not a JSON object, naming the field', async () => {
    for (const text of ['not json', '["a list"]', '"a string"', 'null']) {
      const result = await shared.core.client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: text } });
      expect(result.isError).toBe(true);
      const first = result.content[0];
      expect(first?.type === 'text' ? first.text : '').toMatch(/^Input validation error: arguments: /);
    }
  });
});
