// A bounded ring of a child's stderr lines. Children may write anything, forever; memory must not grow.
export class LogRing {
  private lines: string[] = [];
  private partial = '';

  constructor(
    private readonly maxLines = 500,
    private readonly maxLineLength = 2000,
  ) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    // One character over the limit is kept so add() cuts it with the same marker as a whole line.
    this.partial = (parts.pop() ?? '').slice(0, this.maxLineLength + 1);
    for (const line of parts) this.add(line);
  }

  /** The last `count` lines, including an unterminated last line. */
  tail(count = this.maxLines): string[] {
    const all = this.partial ? [...this.lines, this.partial] : this.lines;
    return all.slice(-count);
  }

  private add(line: string): void {
    this.lines.push(line.length > this.maxLineLength ? `${line.slice(0, this.maxLineLength)}…` : line);
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines);
  }
}
