// A hash-locked requirements file (python-runtime.md §3): after joining `\` continuations and
// skipping blank, comment and option lines, every requirement entry must carry at least one
// `--hash=sha256:<64 lowercase hex>`. processkit only looked for the substring somewhere in the file.
const HASH = /(?:^|\s)--hash=sha256:[0-9a-f]{64}(?=\s|$)/;
const INCLUDE = /^(?:-r|-c|--requirement|--constraint)(?:\s|=|$)/;
const EDITABLE = /^(?:-e|--editable)(?:\s|=)/;

export type LockProblem = { reason: 'unhashed-entry' | 'includes-file' | 'no-entries'; line: number; entry: string };

/** Null when every entry is hashed; otherwise the first offending entry and its 1-based starting line. */
export function findUnhashedEntry(text: string): LockProblem | null {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  let entries = 0;
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let logical = lines[i] as string;
    while (logical.endsWith('\\') && i + 1 < lines.length) {
      logical = `${logical.slice(0, -1)} ${lines[++i] as string}`;
    }
    const content = stripComment(logical).trim();
    if (content === '') continue;
    if (INCLUDE.test(content)) return { reason: 'includes-file', line: start + 1, entry: content.slice(0, 120) };
    // Option lines (--index-url, --no-binary, …) are not requirements; an editable install is one.
    if (content.startsWith('-') && !EDITABLE.test(content)) continue;
    entries++;
    if (!HASH.test(content)) return { reason: 'unhashed-entry', line: start + 1, entry: content.split(/\s+/)[0]?.slice(0, 120) ?? '' };
  }
  return entries === 0 ? { reason: 'no-entries', line: 1, entry: '' } : null;
}

/** pip's rule: `#` starts a comment at the line start or after whitespace. */
function stripComment(line: string): string {
  const match = /(^|\s)#/.exec(line);
  return match ? line.slice(0, match.index) : line;
}
