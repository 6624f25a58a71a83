// A unified-style line diff for the setup preview: " " kept, "-" removed, "+" added. The inputs are one
// entry's lines (a dozen or so), so the plain longest-common-subsequence table is plenty. Lines are
// compared by `key`: the preview passes one that ignores a trailing comma, so a member that merely
// stopped being the last one is shown as kept, not as removed and added again.
export function lineDiff(before: readonly string[], after: readonly string[], key: (line: string) => string = (line) => line): string[] {
  const same = (i: number, j: number) => key(before[i] as string) === key(after[j] as string);
  const rows = before.length;
  const cols = after.length;
  // lcs(i, j): length of the longest common subsequence of before[i..] and after[j..].
  const table = new Array<number>((rows + 1) * (cols + 1)).fill(0);
  const lcs = (i: number, j: number) => table[i * (cols + 1) + j] ?? 0;
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      table[i * (cols + 1) + j] = same(i, j) ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && same(i, j)) {
      out.push(` ${after[j]}`);
      i++;
      j++;
    } else if (i < rows && (j === cols || lcs(i + 1, j) >= lcs(i, j + 1))) out.push(`-${before[i++]}`);
    else out.push(`+${after[j++]}`);
  }
  return out;
}
