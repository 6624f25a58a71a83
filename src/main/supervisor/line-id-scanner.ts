// Finds the top-level "id" of a JSON-RPC message while its bytes stream past, without keeping them.
// An over-long line is discarded as it arrives; this scanner still learns which request it answered,
// so only that request fails and every other call on the server carries on.
//
// Byte-wise is safe: every structural character of JSON is ASCII, and UTF-8 never uses ASCII byte
// values inside a multi-byte character.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const MAX_CAPTURE = 256;

export class LineIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth 1: the next string is a key. */
  private expectKey = false;
  private capturingKey = false;
  private key: number[] = [];
  private lastKey = '';
  /** At depth 1, after `"id":`, the raw bytes of the value up to the next delimiter. */
  private capturingId = false;
  private idBytes: number[] = [];
  private found: string | number | null = null;

  push(chunk: Uint8Array): void {
    for (const byte of chunk) this.step(byte);
  }

  /** The id, once the line is complete; null when there was none or it was not a string or number. */
  finish(): string | number | null {
    if (this.capturingId) this.settleId();
    return this.found;
  }

  private step(byte: number): void {
    if (this.inString) {
      if (this.capturingKey && this.key.length < MAX_CAPTURE) this.key.push(byte);
      if (this.capturingId && this.idBytes.length < MAX_CAPTURE) this.idBytes.push(byte);
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) this.endString();
      return;
    }
    if (this.capturingId) {
      if (this.depth === 1 && (byte === COMMA || CLOSE.has(byte))) this.settleId();
      else if (this.idBytes.length < MAX_CAPTURE && byte > 0x20) this.idBytes.push(byte);
    }
    if (byte === QUOTE) {
      this.inString = true;
      if (this.depth === 1 && this.expectKey) {
        this.capturingKey = true;
        this.key = [];
      }
      if (this.capturingId && this.idBytes.length === 0) this.idBytes.push(byte);
    } else if (OPEN.has(byte)) {
      this.depth++;
      this.expectKey = this.depth === 1 && byte === 0x7b;
    } else if (CLOSE.has(byte)) {
      this.depth--;
    } else if (this.depth === 1 && byte === COLON) {
      this.expectKey = false;
      if (this.lastKey === 'id' && this.found === null) {
        this.capturingId = true;
        this.idBytes = [];
      }
    } else if (this.depth === 1 && byte === COMMA) {
      this.expectKey = true;
    }
  }

  private endString(): void {
    this.inString = false;
    if (this.capturingKey) {
      this.capturingKey = false;
      this.lastKey = Buffer.from(this.key.slice(0, -1)).toString('utf8');
    }
  }

  private settleId(): void {
    this.capturingId = false;
    try {
      const value: unknown = JSON.parse(Buffer.from(this.idBytes).toString('utf8'));
      if (typeof value === 'string' || typeof value === 'number') this.found = value;
    } catch {
      // not a plain id (or cut at the capture cap): the line stays unattributed
    }
  }
}
