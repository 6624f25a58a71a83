// A whole file's change as unified-style lines for a preview: " " kept, "-" removed, "+" added, with
// unchanged stretches cut to a few lines of context ("…" marks a cut). Only the part between the common
// head and tail is diffed, so a small edit to a long file stays cheap.
import { lineDiff } from '../clients/diff';

const CONTEXT = 3;

export function fileDiff(before: string, after: string): string[] {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = lineDiff(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  const lines = [...a.slice(0, head).map((line) => ` ${line}`), ...middle, ...a.slice(a.length - tail).map((line) => ` ${line}`)];
  return withContext(lines);
}

function withContext(lines: string[]): string[] {
  const near = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.startsWith(' ')) return;
    for (let i = Math.max(0, index - CONTEXT); i <= Math.min(lines.length - 1, index + CONTEXT); i++) near[i] = true;
  });
  const out: string[] = [];
  lines.forEach((line, index) => {
    if (near[index]) out.push(line);
    else if (out[out.length - 1] !== '…') out.push('…');
  });
  return out;
}
