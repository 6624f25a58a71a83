// A bounded ring of a child's stderr lines. Children may write anything, forever; memory must not grow.
// Lines are redacted as they arrive, before any cut: a secret the child prints across the length limit
// would otherwise leave a prefix that redaction, which knows only whole values, cannot recognise later.

export class LogRing {
  private lines: string[] = [];
  private partial = '';

  constructor(
    private readonly maxLines = 500,
    private readonly maxLineLength = 2000,
    private readonly redact: (text: string) => string = (text) => text,
    /** Told each completed line as kept (redacted, cut): the gateway log's copy of a child's stderr. */
    private readonly onLine?: (line: string) => void,
  ) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    // An unterminated line is kept raw up to twice the limit (memory stays bounded), and redacted and cut
    // when it is read or completed.
    this.partial = (parts.pop() ?? '').slice(0, this.maxLineLength * 2);
    for (const line of parts) this.add(line);
  }

  /** The last `count` lines, redacted, including an unterminated last line. */
  tail(count = this.maxLines): string[] {
    const all = this.partial ? [...this.lines, this.clean(this.partial)] : this.lines;
    return all.slice(-count);
  }

  private add(line: string): void {
    const kept = this.clean(line);
    this.lines.push(kept);
    this.onLine?.(kept);
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines);
  }

  private clean(line: string): string {
    // Redacted first, so a plain cut afterwards can no longer split a known secret.
    const redacted = this.redact(line);
    return redacted.length > this.maxLineLength ? `${redacted.slice(0, this.maxLineLength)}…` : redacted;
  }
}
