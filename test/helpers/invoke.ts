// gateway.invoke through a real client, decoded: ok, the first error's code and details, the text.
import type { Client } from '@modelcontextprotocol/client';
import type { ErrorEntry } from '../../src/main/gateway/envelope';
import { callMeta } from './meta';

export interface InvokeOutcome {
  ok: boolean;
  code: string | null;
  details: Record<string, unknown>;
  message: string;
  text: string | null;
}

export async function invoke(client: Client, toolId: string, args: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Promise<InvokeOutcome> {
  const { body } = await callMeta<{ ok: boolean; errors: ErrorEntry[]; result?: { content: { text?: string }[] } }>(client, 'gateway.invoke', {
    tool_id: toolId,
    arguments: args,
    options,
  });
  const error = body.errors[0] ?? null;
  return { ok: body.ok, code: error?.code ?? null, details: error?.details ?? {}, message: error?.message ?? '', text: body.result?.content[0]?.text ?? null };
}
