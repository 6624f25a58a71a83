// Scrubs known secret values from text before it leaves the main process: logs, health rows, errors,
// tool output, anything sent to the renderer. It is fed every value Gatehouse resolves and matches the
// value itself plus the forms it commonly travels in: JSON-escaped, URL-encoded and base64 (also inside
// a longer base64 run, as in `Authorization: Basic base64(user:token)`).
export const REDACTED = '[REDACTED]';

/** Shorter values would turn ordinary words into [REDACTED]; they are not registered. */
export const MIN_SECRET_LENGTH = 4;
/** Base64 fragments shorter than this match too much unrelated text. */
const MIN_FRAGMENT_LENGTH = 8;

export interface Redactor {
  /** Registers a value and its encodings; ignores values shorter than MIN_SECRET_LENGTH. */
  add(value: string): void;
  redact(text: string): string;
  /** Redacts every string (keys too) inside plain objects and arrays; returns a copy. */
  redactDeep<T>(value: T): T;
  /** How many distinct values were registered. */
  readonly size: number;
}

function jsonEscaped(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  const asciiOnly = once.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [once, twice, asciiOnly];
}

function urlEncoded(value: string): string[] {
  const component = encodeURIComponent(value);
  return [
    component,
    component.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    component.replace(/%20/g, '+'),
    // encodeURIComponent leaves !'()* alone; RFC 3986 strict encoders do not.
    component.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ];
}

/**
 * Base64 of the value as it appears when it starts at byte offset 0, 1 or 2 of a longer encoded run:
 * only the characters made purely of the value's own bits, which are the same whatever surrounds it.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms = [bytes.toString('base64'), bytes.toString('base64url')];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const fragment = shifted.toString('base64').slice(start, end);
    if (fragment.length >= MIN_FRAGMENT_LENGTH) forms.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

export function encodingsOf(value: string): string[] {
  const forms = new Set([value, ...jsonEscaped(value), ...urlEncoded(value), ...base64Forms(value)]);
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createRedactor(initial: Iterable<string> = []): Redactor {
  const values = new Set<string>();
  const forms = new Set<string>();
  let pattern: RegExp | null = null;

  const matcher = (): RegExp | null => {
    if (pattern || forms.size === 0) return pattern;
    // Longest first, so a value's longer encoding wins over a shorter form it happens to contain.
    const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
    pattern = new RegExp(alternatives.join('|'), 'g');
    return pattern;
  };

  const redact = (text: string): string => {
    const regex = matcher();
    return regex ? text.replace(regex, REDACTED) : text;
  };

  const redactDeep = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(redactDeep);
    if (value && typeof value === 'object' && (value.constructor === Object || Object.getPrototypeOf(value) === null)) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [redact(key), redactDeep(inner)]));
    }
    return value;
  };

  const redactor: Redactor = {
    add(value) {
      if (value.length < MIN_SECRET_LENGTH || values.has(value)) return;
      values.add(value);
      for (const form of encodingsOf(value)) forms.add(form);
      pattern = null;
    },
    redact,
    redactDeep: <T>(value: T) => redactDeep(value) as T,
    get size() {
      return values.size;
    },
  };
  for (const value of initial) redactor.add(value);
  return redactor;
}
