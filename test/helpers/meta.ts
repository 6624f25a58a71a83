// Calls a gateway.* meta-tool through a real SDK client and decodes its compact JSON answer.
import type { Client } from '@modelcontextprotocol/client';

export interface MetaAnswer<T> {
  body: T;
  isError: boolean;
  extra: unknown[];
}

export async function callMeta<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<MetaAnswer<T>> {
  const result = await client.callTool({ name, arguments: args });
  const [first, ...extra] = result.content;
  if (first?.type !== 'text') throw new Error(`${name} did not answer with a text block`);
  return { body: JSON.parse(first.text) as T, isError: result.isError === true, extra };
}
