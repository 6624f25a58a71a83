// Shapes a downstream CallToolResult for the caller. Text is redacted first (so a secret cut in half
// cannot slip past a rule), then cut to the tightest budget — characters and UTF-8 bytes — on a
// character boundary with a marker. Binary blocks travel as native MCP blocks after the JSON (never
// base64 inside JSON) and are stubbed in the JSON copy; one over the binary limit is withheld.
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';

export interface ShapeBudget {
  maxChars: number;
  /** UTF-8 bytes of text in all (limits.max_output_bytes). */
  maxBytes?: number;
  /** A binary block larger than this is withheld (limits.max_binary_bytes). */
  maxBinaryBytes?: number;
  /** Applied to text before it is cut (policy redaction); binary data is never touched. */
  redactText?: (text: string) => string;
  redactDeep?: <T>(value: T) => T;
}

export interface Shaped {
  result: Record<string, unknown>;
  passthrough: ContentBlock[];
  truncated: boolean;
  rawSize: number;
  /** Binary blocks withheld for being over the binary limit (an E403 for the caller). */
  withheld: number;
}

/** The longest prefix of `chars` within both budgets. */
function fit(chars: string[], maxChars: number, maxBytes: number): { kept: string; bytes: number } {
  let bytes = 0;
  let count = 0;
  for (const char of chars) {
    const size = Buffer.byteLength(char);
    if (count >= maxChars || bytes + size > maxBytes) break;
    bytes += size;
    count++;
  }
  return { kept: chars.slice(0, count).join(''), bytes };
}

export function shapeResult(result: CallToolResult, budgetOrChars: number | ShapeBudget): Shaped {
  const budget: ShapeBudget = typeof budgetOrChars === 'number' ? { maxChars: budgetOrChars } : budgetOrChars;
  const redactText = budget.redactText ?? ((text: string) => text);
  const maxBinary = budget.maxBinaryBytes ?? Number.POSITIVE_INFINITY;
  const rawSize = Buffer.byteLength(JSON.stringify(result));
  let chars = budget.maxChars;
  let bytes = budget.maxBytes ?? Number.POSITIVE_INFINITY;
  let truncated = false;
  let withheld = 0;
  const passthrough: ContentBlock[] = [];
  const binary = (block: ContentBlock, stub: Record<string, unknown>, size: number): Record<string, unknown> => {
    if (size > maxBinary) {
      withheld++;
      return { ...stub, bytes: size, omitted: true };
    }
    passthrough.push(block);
    return { ...stub, bytes: size };
  };
  const content = (result.content ?? []).map((block, index): Record<string, unknown> => {
    if (block.type === 'image' || block.type === 'audio') {
      return binary(block, { type: block.type, mimeType: block.mimeType, block_index: index }, Buffer.byteLength(block.data, 'base64'));
    }
    if (block.type === 'resource' && 'blob' in block.resource) {
      const { uri, mimeType } = block.resource;
      return binary(block, { type: 'resource', uri, mimeType, block_index: index }, Buffer.byteLength(block.resource.blob, 'base64'));
    }
    if (block.type === 'resource' && 'text' in block.resource) {
      return { ...block, resource: { ...block.resource, text: redactText(block.resource.text) } } as Record<string, unknown>;
    }
    if (block.type !== 'text') return block as Record<string, unknown>;
    if (chars <= 0 || bytes <= 0) {
      truncated = true;
      return { type: 'text', omitted: true };
    }
    const text = redactText(block.text);
    const all = [...text];
    const { kept, bytes: used } = fit(all, chars, bytes);
    if (kept.length === text.length) {
      chars -= all.length;
      bytes -= used;
      return { ...block, text } as Record<string, unknown>;
    }
    truncated = true;
    chars = 0;
    bytes = 0;
    return { ...block, text: `${kept}[... OUTPUT TRUNCATED: ${Buffer.byteLength(text)} bytes -> ${used} bytes ...]` };
  });
  const shaped: Record<string, unknown> = { ...result, content };
  if (result.structuredContent) {
    const structured = budget.redactDeep ? budget.redactDeep(result.structuredContent) : result.structuredContent;
    const size = JSON.stringify(structured).length;
    if (size > budget.maxChars || size > (budget.maxBytes ?? Number.POSITIVE_INFINITY)) {
      delete shaped.structuredContent;
      shaped.structuredContent_omitted = true;
      truncated = true;
    } else {
      shaped.structuredContent = structured;
    }
  }
  return { result: shaped, passthrough, truncated, rawSize, withheld };
}
