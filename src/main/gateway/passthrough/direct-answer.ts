// The answer to a downstream tool called directly by its listed `server::tool` name (pinned or aggregate
// exposure): the tool's own result, shaped exactly as gateway.invoke shapes it (redacted, then cut to the
// output limits; binary blocks over the limit withheld), but not wrapped in invoke's JSON envelope — the
// client called the tool, so it gets the tool's content blocks.
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { shapeResult, type ShapeBudget } from '../shape-result';

export function directAnswer(downstream: CallToolResult, budget: ShapeBudget): CallToolResult {
  const shaped = shapeResult(downstream, budget);
  const original = downstream.content ?? [];
  const blocks = (shaped.result.content ?? []) as Record<string, unknown>[];
  const content = blocks.map((block): ContentBlock => {
    if (block.omitted === true) {
      const what = block.type === 'text' ? 'text over the output limit' : `a ${String(block.type)} block over the binary limit`;
      return { type: 'text', text: `[... ${what} was withheld by Gatehouse ...]` };
    }
    // Binary blocks are stubbed in the shaped copy: the original (kept, within the limit) goes out as is.
    if (typeof block.block_index === 'number') return original[block.block_index] as ContentBlock;
    return block as unknown as ContentBlock;
  });
  const structured = shaped.result.structuredContent as Record<string, unknown> | undefined;
  return { content, ...(structured && { structuredContent: structured }), ...(downstream.isError === true && { isError: true }) };
}
