// Turns JSON parse errors and schema issue paths into file:line:column, so every config error can name
// the exact place to fix.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Located {
  line: number;
  column: number;
}

export function locateOffset(text: string, offset: number): Located {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export interface ParsedJson {
  tree: Node | undefined;
  value: unknown;
  error: (Located & { message: string }) | null;
}

/** Strict JSON (no comments, no trailing commas), as clients that share the file expect. */
export function parseJsonWithLocations(text: string): ParsedJson {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first) {
    return {
      tree: undefined,
      value: undefined,
      error: { ...locateOffset(text, first.offset), message: describeParseError(first) },
    };
  }
  return { tree, value: tree ? nodeValue(tree) : undefined, error: null };
}

/** The deepest existing node on the path, so a missing key points at its parent object. */
export function locatePath(text: string, tree: Node | undefined, path: (string | number)[]): Located | null {
  if (!tree) return null;
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(tree, path.slice(0, depth));
    if (node) {
      // Point at the property key when there is one: that is what a person looks for.
      const anchor = node.parent?.type === 'property' ? node.parent : node;
      return locateOffset(text, anchor.offset);
    }
  }
  return null;
}

/** A parse error in words a person can act on (shared by the config and policy readers). */
export function describeParseError(error: ParseError): string {
  return `invalid JSON: ${parseErrorWords(error)}`;
}

export function parseErrorWords(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  return JSON_WORDS[code] ?? code;
}

const JSON_WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected (in double quotes)',
  ValueExpected: 'value expected',
  ColonExpected: '":" expected',
  CommaExpected: '"," expected',
  CloseBraceExpected: '"}" expected',
  CloseBracketExpected: '"]" expected',
  EndOfFileExpected: 'unexpected content after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        // defineProperty, not assignment: a "__proto__" key must stay data, not become a prototype.
        if (key && value) Object.defineProperty(out, String(key.value), { value: nodeValue(value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}
