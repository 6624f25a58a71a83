// A read position over TOML text that knows its line number, so every parse error names the line the
// operator has to fix (PEP 723 maps it back to the script's own line numbers).
export class TomlError extends Error {
  constructor(
    message: string,
    /** 1-based line within the TOML text. */
    readonly line: number,
  ) {
    super(message);
    this.name = 'TomlError';
  }
}

export class Cursor {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  /** 1-based line of the current position (counts LF only; CR is never a newline on its own in TOML). */
  line(at = this.pos): number {
    let line = 1;
    for (let i = 0; i < at && i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) line++;
    return line;
  }

  fail(message: string, at = this.pos): never {
    throw new TomlError(message, this.line(at));
  }

  /** Spaces and tabs only. */
  skipWhitespace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  /** A comment runs to the end of the line and may not hold control characters other than tab. */
  skipComment(): void {
    if (this.peek() !== '#') return;
    this.pos++;
    while (!this.done && !this.atNewline()) {
      const code = this.text.charCodeAt(this.pos);
      if (isForbiddenControl(code)) this.fail('control character in a comment');
      this.pos++;
    }
  }

  atNewline(): boolean {
    return this.peek() === '\n' || (this.peek() === '\r' && this.peek(1) === '\n');
  }

  /** Consumes one LF or CRLF; false when there is none here. */
  newline(): boolean {
    if (this.peek() === '\n') {
      this.pos++;
      return true;
    }
    if (this.peek() === '\r' && this.peek(1) === '\n') {
      this.pos += 2;
      return true;
    }
    return false;
  }

  /** After a value or header: optional whitespace and comment, then a newline or the end. */
  endOfLine(what: string): void {
    this.skipWhitespace();
    this.skipComment();
    if (this.done) return;
    if (!this.newline()) this.fail(`unexpected text after ${what}`);
  }

  /** Whitespace, comments and newlines (between array elements and between statements). */
  skipBlank(): void {
    for (;;) {
      this.skipWhitespace();
      this.skipComment();
      if (!this.newline()) return;
    }
  }
}

/** Control characters TOML forbids in comments and strings (tab is allowed). */
export function isForbiddenControl(code: number): boolean {
  return (code <= 0x08) || (code >= 0x0a && code <= 0x1f) || code === 0x7f;
}
