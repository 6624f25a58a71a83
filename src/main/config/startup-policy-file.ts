// Reads one config file for a startup-policy write and edits its top-level `autoStart` in place. The
// edit goes through jsonc-parser so every other key and entry, their order and their formatting stay
// byte-for-byte as the operator (or another client sharing the file) wrote them.
import { createHash } from 'node:crypto';
import { lstatSync, type Stats } from 'node:fs';
import { applyEdits, modify, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import { readRegularFile } from '../common/read-file';
import { parseJsonWithLocations, locateOffset } from './json-locate';
import type { PolicySourceKind, StartupPolicyDiagnostic } from './startup-policy-types';

/** New files may later hold `env` values (tokens); nobody else needs to read them. */
export const NEW_FILE_MODE = 0o600;
export const ABSENT_DIGEST = 'absent';

export interface PolicyFile {
  exists: boolean;
  text: string;
  digest: string;
  mode: number;
  tree: Node | undefined;
  autoStart: string[];
  hasKey: boolean;
  problem: StartupPolicyDiagnostic | null;
}

export function digestOf(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

export function readPolicyFile(source: PolicySourceKind, path: string): PolicyFile {
  const file: PolicyFile = { exists: false, text: '', digest: ABSENT_DIGEST, mode: NEW_FILE_MODE, tree: undefined, autoStart: [], hasKey: false, problem: null };
  const refuse = (code: StartupPolicyDiagnostic['code'], errorCode: 'E101' | 'E103', message: string, line: number | null = null): PolicyFile => {
    file.problem = { code, message, source, path, server_name: null, line, severity: 'error', error_code: errorCode };
    return file;
  };
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return file;
    return refuse('invalid_source', 'E101', `E101 config: ${path}: cannot read the file (${code ?? 'error'}); check its permissions.`);
  }
  file.exists = true;
  if (stat.isSymbolicLink()) {
    return refuse('symlink_refused', 'E103', `E103 write refused: ${path} is a symbolic link; Gatehouse does not write through links (the target could be any file). Edit the file it points to by hand, or replace the link with a regular file.`);
  }
  if (!stat.isFile()) return refuse('invalid_source', 'E103', `E103 write refused: ${path} is not a regular file.`);
  file.mode = stat.mode & 0o777;
  // The same bytes are hashed, parsed and edited: read once, never through a link, never without a cap.
  const read = readRegularFile(path);
  if (!read.ok) {
    if (read.code === 'symlink' || read.code === 'not_regular') return refuse('invalid_source', 'E103', `E103 write refused: ${path} ${read.reason}.`);
    return refuse('invalid_source', 'E101', `E101 config: ${path}: ${read.reason}.`);
  }
  const bytes = read.bytes;
  file.digest = digestOf(bytes);
  file.text = bytes.toString('utf8');
  const parsed = parseJsonWithLocations(file.text);
  if (parsed.error) {
    const { line, column, message } = parsed.error;
    return refuse('invalid_source', 'E101', `E101 config: ${path}:${line}:${column}: ${message}; fix the file before changing its startup policy.`, line);
  }
  const tree = parsed.tree;
  if (tree?.type !== 'object') {
    return refuse('invalid_source', 'E103', `E103 write refused: the top level of ${path} is ${tree ? `a${tree.type === 'array' ? 'n' : ''} ${tree.type}` : 'empty'}, not a JSON object; Gatehouse edits only an object with "mcpServers".`);
  }
  file.tree = tree;
  const props = (tree.children ?? []).filter((prop) => prop.children?.[0]?.value === 'autoStart');
  if (props.length > 1) {
    const line = locateOffset(file.text, props[1]?.offset ?? 0).line;
    return refuse('invalid_auto_start', 'E101', `E101 config: ${path}:${line}: "autoStart" appears ${props.length} times; keep one and try again.`, line);
  }
  const value = props[0]?.children?.[1];
  if (value) {
    file.hasKey = true;
    const items = value.children ?? [];
    if (value.type !== 'array' || items.some((item) => item.type !== 'string')) {
      const line = locateOffset(file.text, value.offset).line;
      return refuse('invalid_auto_start', 'E101', `E101 config: ${path}:${line}: "autoStart" must be an array of server names; fix it by hand first.`, line);
    }
    file.autoStart = items.map((item) => String(item.value));
  }
  return file;
}

/** The file's own indentation and line endings, so an edit looks like the rest of the file. */
export function detectFormatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}

function spans(text: string, node: Node): string {
  return text.slice(node.offset, node.offset + node.length);
}

/** Replaces (or adds) the top-level `autoStart` of a parsed object file. */
export function editAutoStart(file: PolicyFile, after: string[]): string {
  const { text, tree } = file;
  if (!tree) return newFileText(after);
  const value = (tree.children ?? []).find((prop) => prop.children?.[0]?.value === 'autoStart')?.children?.[1];
  let edits: Edit[];
  if (value && !spans(text, value).includes('\n')) {
    // A one-line list stays on one line, with the separator style it had.
    const separator = /,\s/.test(spans(text, value)) || (value.children ?? []).length < 2 ? ', ' : ',';
    edits = [{ offset: value.offset, length: value.length, content: `[${after.map((name) => JSON.stringify(name)).join(separator)}]` }];
  } else if (!value && !spans(text, tree).includes('\n')) {
    edits = [oneLineInsertion(text, tree, after)];
  } else {
    edits = modify(text, ['autoStart'], after, { formattingOptions: detectFormatting(text) });
  }
  return applyEdits(text, edits);
}

/** A one-line object gets the key appended on the same line, spaced like its other keys. */
function oneLineInsertion(text: string, tree: Node, after: string[]): Edit {
  const spaced = /"\s*:\s/.test(spans(text, tree));
  const [comma, colon] = spaced ? [', ', ': '] : [',', ':'];
  const entry = `"autoStart"${colon}[${after.map((name) => JSON.stringify(name)).join(comma)}]`;
  const last = tree.children?.at(-1);
  return last
    ? { offset: last.offset + last.length, length: 0, content: `${comma}${entry}` }
    : { offset: tree.offset + 1, length: 0, content: entry };
}

export function newFileText(after: string[]): string {
  return `${JSON.stringify({ mcpServers: {}, autoStart: after }, null, 2)}\n`;
}
