// The bytes of a newline-delimited message that has not ended yet, as the chunks they arrived in. Both
// stdio framers (upstream clients, downstream children) hold a line this way: its size is known without
// joining, and the chunks are joined once, when the newline comes.

export class PartialLine {
  private parts: Buffer[] = [];
  private bytes = 0;

  /** Bytes held so far. */
  get size(): number {
    return this.bytes;
  }

  push(part: Buffer): void {
    this.parts.push(part);
    this.bytes += part.length;
  }

  /** The held chunks, in order; they are forgotten. */
  take(): Buffer[] {
    const parts = this.parts;
    this.clear();
    return parts;
  }

  /** The held bytes followed by `tail`, as one buffer; they are forgotten. */
  finish(tail: Buffer = Buffer.alloc(0)): Buffer {
    const parts = this.take();
    return parts.length ? Buffer.concat([...parts, tail]) : tail;
  }

  clear(): void {
    this.parts = [];
    this.bytes = 0;
  }
}
