// Text edits on a JSON/JSONC file that touch one property and nothing else: every other byte — keys,
// order, comments, indentation, line endings — stays as it was. jsonc-parser's `modify` is not used for
// inserts and removals because its formatter re-flows whole neighbouring lines (a one-line sibling
// entry gets expanded) and its removal drops a comment that sits next to the removed property.
import type { Edit, Node } from 'jsonc-parser';
import { detectFormatting } from '../config/startup-policy-file';

export interface Layout {
  unit: string;
  eol: string;
}

/** The file's own indentation unit and line ending. */
export function layoutOf(text: string): Layout {
  const options = detectFormatting(text);
  return { unit: options.insertSpaces ? ' '.repeat(options.tabSize ?? 2) : '\t', eol: options.eol ?? '\n' };
}

const span = (text: string, node: Node) => text.slice(node.offset, node.offset + node.length);
const end = (node: Node) => node.offset + node.length;

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset of the line break ending the line that holds `offset` (before a CR), or the end of the text. */
function lineBreak(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  if (newline < 0) return text.length;
  return text[newline - 1] === '\r' ? newline - 1 : newline;
}

function indentAt(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))?.[0] ?? '';
}

function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));
}

export function isOneLine(text: string, node: Node): boolean {
  return !span(text, node).includes('\n');
}

/** Multi-line JSON whose continuation lines start at `indent`. */
export function pretty(value: unknown, indent: string, layout: Layout): string {
  return JSON.stringify(value, null, layout.unit).split('\n').join(layout.eol + indent);
}

/** One-line JSON, spaced like the object it goes into. */
export function inline(value: unknown, spaced: boolean): string {
  const [comma, colon] = spaced ? [', ', ': '] : [',', ':'];
  if (Array.isArray(value)) return `[${value.map((item) => inline(item, spaced)).join(comma)}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}${colon}${inline(item, spaced)}`).join(comma)}}`;
  }
  return JSON.stringify(value);
}

const spacedStyle = (text: string, node: Node) => /[:,]\s/.test(span(text, node)) || (node.children ?? []).length === 0;

/** Replaces the value of `prop` (a property of `object`), laid out like its surroundings. */
export function replaceValue(text: string, object: Node, prop: Node, value: unknown, layout: Layout): Edit {
  const valueNode = prop.children?.[1] as Node;
  const content = isOneLine(text, object) ? inline(value, spacedStyle(text, object)) : pretty(value, indentAt(text, prop.offset), layout);
  return { offset: valueNode.offset, length: valueNode.length, content };
}

/** Adds `"key": value` as the last property of `object`. */
export function insertProperty(text: string, object: Node, key: string, value: unknown, layout: Layout): Edit {
  const last = (object.children ?? []).at(-1);
  const outer = indentAt(text, object.offset);
  if (!last) {
    const indent = outer + layout.unit;
    const member = `${JSON.stringify(key)}: ${pretty(value, indent, layout)}`;
    const inner = text.slice(object.offset + 1, end(object) - 1);
    // An empty object opens up; one holding only a comment keeps it, after the new member.
    if (/^\s*$/.test(inner)) return { offset: object.offset, length: object.length, content: `{${layout.eol}${indent}${member}${layout.eol}${outer}}` };
    return { offset: object.offset + 1, length: 0, content: `${layout.eol}${indent}${member}` };
  }
  if (isOneLine(text, object)) {
    const spaced = spacedStyle(text, object);
    return { offset: end(last), length: 0, content: `${spaced ? ', ' : ','}${JSON.stringify(key)}${spaced ? ': ' : ':'}${inline(value, spaced)}` };
  }
  const indent = startsLine(text, last.offset) ? indentAt(text, last.offset) : outer + layout.unit;
  const member = `${JSON.stringify(key)}: ${pretty(value, indent, layout)}`;
  const breakAt = lineBreak(text, end(last));
  if (breakAt > end(object) - 1) {
    // The closing brace shares the last member's line: insert right after that member.
    return { offset: end(last), length: 0, content: `,${layout.eol}${indent}${member}` };
  }
  // The comma goes right after the last value and the new member starts a line of its own, so a comment
  // trailing the last member stays on that member's line. A file that ends members with a comma keeps doing so.
  const between = text.slice(end(last), breakAt);
  const trailingComma = /^[ \t]*,/.test(between);
  return { offset: end(last), length: breakAt - end(last), content: `${trailingComma ? '' : ','}${between}${layout.eol}${indent}${member}${trailingComma ? ',' : ''}` };
}

/** Removes `prop` from `object`: its whole line(s) when it has them to itself, else just its text and one comma. */
export function removeProperty(text: string, object: Node, prop: Node): Edit[] {
  const props = object.children ?? [];
  const index = props.indexOf(prop);
  const previous = props[index - 1];
  const next = props[index + 1];
  const breakAt = lineBreak(text, end(prop));
  const rest = text.slice(end(prop), breakAt);
  const ownsComma = /^[ \t]*,/.test(rest);
  if (startsLine(text, prop.offset) && /^[ \t]*,?[ \t]*(\/\/.*|\/\*.*\*\/[ \t]*)?$/.test(rest) && breakAt < end(object) - 1) {
    const from = lineStart(text, prop.offset);
    const to = text.indexOf('\n', breakAt) + 1;
    const edits: Edit[] = [{ offset: from, length: to - from, content: '' }];
    // The last member took no comma with it: the one before now ends the object and must lose its comma.
    if (!next && previous && !ownsComma) {
      const comma = text.indexOf(',', end(previous));
      if (comma >= 0 && comma < from) edits.push({ offset: comma, length: 1, content: '' });
    }
    return edits;
  }
  if (next) return [{ offset: prop.offset, length: next.offset - prop.offset, content: '' }];
  if (previous) return [{ offset: end(previous), length: end(prop) - end(previous), content: '' }];
  return [{ offset: prop.offset, length: end(prop) - prop.offset + (ownsComma ? rest.indexOf(',') + 1 : 0), content: '' }];
}
