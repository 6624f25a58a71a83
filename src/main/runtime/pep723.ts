// PEP 723 inline script metadata, read exactly as python-runtime.md §4 says: no trimming around the
// markers, a block closes at the last `# ///` of its run of comment lines, an unclosed block is
// ignored (and reported), duplicates and nested open lines are errors. Every problem names its line.
import { createHash } from 'node:crypto';
import type { Pep723Problem } from './pep723-problem';
import { readScriptTable, type ScriptMetadata } from './pep723-script';

export interface Pep723Block {
  type: string;
  /** 1-based lines of the `# /// TYPE` and `# ///` markers. */
  openLine: number;
  closeLine: number;
  /** Content with the comment prefix removed, one entry per line. */
  lines: string[];
}

export interface Pep723Result {
  blocks: Pep723Block[];
  /** The `script` metadata, or null when there is none or it is unusable (see problems). */
  script: (ScriptMetadata & { headerSha256: string; block: Pep723Block }) | null;
  problems: Pep723Problem[];
}

export interface Pep723Options {
  /** The runtime policy lists this script: an unclosed or missing header is then an error, not a warning. */
  expectHeader?: boolean;
}

const OPEN = /^# \/\/\/ ([A-Za-z0-9-]+)$/;
const CLOSE = '# ///';

const isContent = (line: string): boolean => line === '#' || line.startsWith('# ');

/** SHA-256 of the content lines joined with \n plus a trailing \n (policy `headerSha256`). */
export function headerDigest(lines: string[]): string {
  return createHash('sha256').update(`${lines.join('\n')}\n`, 'utf8').digest('hex');
}

/** Decodes strict UTF-8 and strips one BOM; encoding declarations are deliberately not honoured. */
export function decodeScript(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    return null;
  }
}

export function parsePep723(source: Uint8Array | string, options: Pep723Options = {}): Pep723Result {
  const problems: Pep723Problem[] = [];
  const text = typeof source === 'string' ? (source.startsWith('\uFEFF') ? source.slice(1) : source) : decodeScript(source);
  if (text === null) {
    problems.push({ kind: 'encoding', severity: 'error', line: 1, message: 'the script is not valid UTF-8' });
    return { blocks: [], script: null, problems };
  }
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const blocks: Pep723Block[] = [];
  const broken = new Set<Pep723Block>();

  let i = 0;
  while (i < lines.length) {
    const open = OPEN.exec(lines[i] as string);
    if (!open) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < lines.length && isContent(lines[end] as string)) end++;
    let close = -1;
    for (let j = end - 1; j > i; j--) {
      if (lines[j] === CLOSE) {
        close = j;
        break;
      }
    }
    if (close === -1) {
      problems.push({
        kind: 'unclosed',
        severity: options.expectHeader ? 'error' : 'warn',
        line: i + 1,
        message: `the "# /// ${open[1]}" block opened on line ${i + 1} is never closed by "# ///" before line ${end + 1}; the block is ignored`,
      });
      i++;
      continue;
    }
    const block: Pep723Block = {
      type: open[1] as string,
      openLine: i + 1,
      closeLine: close + 1,
      lines: lines.slice(i + 1, close).map((line) => (line === '#' ? '' : line.slice(2))),
    };
    for (let j = i + 1; j < close; j++) {
      if (OPEN.test(lines[j] as string)) {
        problems.push({ kind: 'nested', severity: 'error', line: j + 1, message: `line ${j + 1} opens a block inside the "${block.type}" block opened on line ${i + 1}` });
        broken.add(block);
      }
    }
    const twin = blocks.find((b) => b.type === block.type);
    if (twin) {
      problems.push({ kind: 'duplicate', severity: 'error', line: block.openLine, message: `a second "${block.type}" block starts on line ${block.openLine} (the first is on line ${twin.openLine})` });
      broken.add(block).add(twin);
    }
    blocks.push(block);
    i = close + 1;
  }

  const scriptBlock = blocks.find((b) => b.type === 'script');
  if (!scriptBlock) {
    if (options.expectHeader && !problems.some((p) => p.kind === 'unclosed')) {
      problems.push({ kind: 'missing', severity: 'error', line: 1, message: 'the script has no "# /// script" metadata block' });
    }
    return { blocks, script: null, problems };
  }
  if (broken.has(scriptBlock)) return { blocks, script: null, problems };
  const read = readScriptTable(scriptBlock.lines, scriptBlock.openLine);
  problems.push(...read.problems);
  if (!read.metadata) return { blocks, script: null, problems };
  return { blocks, script: { ...read.metadata, headerSha256: headerDigest(scriptBlock.lines), block: scriptBlock }, problems };
}
