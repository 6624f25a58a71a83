// gateway.invoke's (and tasks_result's) answer as the panel shows it: the tool's content blocks, its
// structured content, and the errors by code and message.
import type { ContentBlock, InvokeOutcome } from '../../shared/catalog';
import type { MetaAnswer } from './operator-session';

function blocks(value: unknown): ContentBlock[] {
  return Array.isArray(value)
    ? value.filter((b): b is ContentBlock => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string')
    : [];
}

export function invokeOutcome(answer: MetaAnswer): InvokeOutcome {
  const { body } = answer;
  const result = (typeof body.result === 'object' && body.result !== null ? body.result : {}) as { content?: unknown; structuredContent?: unknown };
  const errors = Array.isArray(body.errors)
    ? (body.errors as { code?: unknown; message?: unknown }[]).map((e) => ({ code: String(e.code ?? 'E302'), message: String(e.message ?? '') }))
    : [];
  // A request-level failure (`{"error":true,...}`) or a plain-text validation error carries no errors[].
  if (body.error === true && !errors.length) errors.push({ code: String(body.code ?? 'E302'), message: String(body.message ?? 'the call failed') });
  // Images, audio and binary resources travel after the JSON answer as their own blocks, in order; the
  // JSON holds a stub (with block_index) in each one's place, or an omitted stub for one withheld.
  const binaries = blocks(answer.extra);
  let next = 0;
  const content = blocks(result.content).map((block) => ('block_index' in block && block.omitted !== true ? (binaries[next++] ?? block) : block));
  return {
    ok: body.ok === true,
    content,
    structured: result.structuredContent ?? null,
    truncated: body.truncated === true,
    errors,
  };
}
