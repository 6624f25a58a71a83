// Shapes a downstream CallToolResult for the caller: text is cut to the budget on a character boundary
// with a marker, binary blocks travel as native MCP blocks after the JSON (never base64 inside JSON) and
// are stubbed in the JSON copy.
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';

export interface Shaped {
  result: Record<string, unknown>;
  passthrough: ContentBlock[];
  truncated: boolean;
  rawSize: number;
}

export function shapeResult(result: CallToolResult, maxChars: number): Shaped {
  const rawSize = Buffer.byteLength(JSON.stringify(result));
  let budget = maxChars;
  let truncated = false;
  const passthrough: ContentBlock[] = [];
  const content = (result.content ?? []).map((block, index): Record<string, unknown> => {
    if (block.type === 'image' || block.type === 'audio') {
      passthrough.push(block);
      return { type: block.type, mimeType: block.mimeType, block_index: index, bytes: Buffer.byteLength(block.data, 'base64') };
    }
    if (block.type === 'resource' && 'blob' in block.resource) {
      passthrough.push(block);
      const { uri, mimeType } = block.resource;
      return { type: 'resource', uri, mimeType, block_index: index, bytes: Buffer.byteLength(block.resource.blob, 'base64') };
    }
    if (block.type !== 'text') return block as Record<string, unknown>;
    if (budget <= 0) {
      truncated = true;
      return { type: 'text', omitted: true };
    }
    const chars = [...block.text];
    if (chars.length <= budget) {
      budget -= chars.length;
      return block as Record<string, unknown>;
    }
    truncated = true;
    const kept = chars.slice(0, budget).join('');
    budget = 0;
    const before = Buffer.byteLength(block.text);
    const after = Buffer.byteLength(kept);
    return { ...block, text: `${kept}[... OUTPUT TRUNCATED: ${before} bytes -> ${after} bytes ...]` };
  });
  const shaped: Record<string, unknown> = { ...result, content };
  if (result.structuredContent && JSON.stringify(result.structuredContent).length > maxChars) {
    delete shaped.structuredContent;
    shaped.structuredContent_omitted = true;
    truncated = true;
  }
  return { result: shaped, passthrough, truncated, rawSize };
}
