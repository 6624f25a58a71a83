// L2: a few lines of JavaScript-like code showing one tool used in its card's pattern (contract §6).
// The call shape is the real gateway.invoke contract ({tool_id, arguments} in; {ok, result, errors}
// out); the required arguments appear as named placeholders so the snippet is one edit from usable.
import type { CodeHint } from './hints';

type Schema = Record<string, unknown>;

const MAX_ARGS_SHOWN = 3;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function placeholder(name: string, schema: unknown): string {
  const type = typeof schema === 'object' && schema !== null ? (schema as Schema).type : undefined;
  switch (Array.isArray(type) ? type[0] : type) {
    case 'integer':
    case 'number':
      return '1';
    case 'boolean':
      return 'true';
    case 'array':
      return '[]';
    case 'object':
      return '{}';
    default:
      return JSON.stringify(`<${name}>`);
  }
}

/** `{ path: "<path>", limit: 1 }` for the required properties; `loopVar` stands in for the first string one. */
export function argumentsLiteral(schema: Schema, loopVar?: string): { text: string; usedLoopVar: boolean } {
  const properties = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Schema;
  const required = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
  let usedLoopVar = false;
  const parts = required.slice(0, MAX_ARGS_SHOWN).map((name) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    const prop = properties[name];
    const isString = typeof prop === 'object' && prop !== null && ((prop as Schema).type === 'string' || (prop as Schema).type === undefined);
    if (loopVar && !usedLoopVar && isString) {
      usedLoopVar = true;
      return `${key}: ${loopVar}`;
    }
    return `${key}: ${placeholder(name, prop)}`;
  });
  if (required.length > MAX_ARGS_SHOWN) parts.push('/* ... */');
  return { text: parts.length ? `{ ${parts.join(', ')} }` : '{}', usedLoopVar };
}

function call(toolId: string, args: string): string {
  return `gateway.invoke({ tool_id: ${JSON.stringify(toolId)}, arguments: ${args} })`;
}

export function snippetLines(hint: CodeHint, toolId: string, schema: Schema): string[] {
  const plain = call(toolId, argumentsLiteral(schema).text);
  switch (hint) {
    case 'loop': {
      const looped = argumentsLiteral(schema, 'item');
      return [
        'for (const item of items) {',
        `  const r = await ${call(toolId, looped.text)};`,
        '  if (r.ok) results.push(r.result); else failures.push(r.errors);',
        '}',
      ];
    }
    case 'filter':
      return [
        `const r = await ${plain};`,
        'const blocks = r.ok ? r.result.content.filter((b) => b.type === "text") : [];',
        'const hits = blocks.filter((b) => b.text.includes("keyword"));',
      ];
    case 'if/else':
      return [`const r = await ${plain};`, 'if (r.ok) use(r.result);', 'else report(r.errors);'];
    case 'poll':
      // Bounded: a status that never turns done must not spin forever.
      return [
        `const check = () => ${plain};`,
        'let r = await check();',
        'for (let i = 0; i < 30 && r.ok && !isDone(r.result); i++) r = await sleep(2000).then(check);',
      ];
    case 'try/catch':
      return [
        'try {',
        `  const r = await ${plain};`,
        '  if (!r.ok) throw new Error(r.errors.join("; "));',
        '} catch (e) { report(e); }',
      ];
  }
}

/** The pattern's lines, or the bare call when the pattern does not fit in `maxLines`. */
export function codeSnippetFor(hint: CodeHint, toolId: string, schema: Schema, maxLines: number): string | null {
  if (maxLines < 1) return null;
  const lines = snippetLines(hint, toolId, schema);
  return (lines.length <= maxLines ? lines : [`const r = await ${call(toolId, argumentsLiteral(schema).text)};`]).join('\n');
}
