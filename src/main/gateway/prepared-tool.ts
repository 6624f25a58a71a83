// A meta-tool's listing and JSON-text reader are the same for every server made from it: worked out once.
// An HTTP client of the stateless era gets a new server for every request, so this was per request.
import type { Tool } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { MetaTool } from './meta-tool';
import { jsonTextFieldReader } from './json-text-fields';
import { nullableAsAnyOf } from './nullable-anyof';

interface Prepared {
  listed: Tool;
  readJsonText: (args: unknown) => unknown;
}

const prepared = new WeakMap<MetaTool, Prepared>();

export function prepare(tool: MetaTool): Prepared {
  let ready = prepared.get(tool);
  if (!ready) {
    // io: 'input' describes what callers may send (defaults make fields optional).
    const inputSchema = nullableAsAnyOf(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12' })) as Tool['inputSchema'];
    ready = { listed: { name: tool.name, title: tool.title, description: tool.description, inputSchema, annotations: tool.annotations }, readJsonText: jsonTextFieldReader(inputSchema) };
    prepared.set(tool, ready);
  }
  return ready;
}
