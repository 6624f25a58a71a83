// The forms a secret value travels in, so that scrubbing the value also scrubs it when a child prints it
// JSON-escaped, URL-encoded, base64-encoded (also inside a longer base64 run, as in
// `Authorization: Basic base64(user:token)`) or hex-encoded. Not covered, and documented as such: a value
// split across lines or chunks, encrypted, hashed, or transformed any other way.
const MIN_FRAGMENT_LENGTH = 8;

function jsonEscaped(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  const asciiOnly = once.replace(/[\u007f-\uffff]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [once, twice, asciiOnly];
}

function urlEncoded(value: string): string[] {
  // A lone surrogate has no UTF-8 and so no URL encoding: encodeURIComponent throws (URIError) rather
  // than let the value be registered without its other forms.
  if (/\p{Surrogate}/u.test(value)) return [];
  const component = encodeURIComponent(value);
  return [
    component,
    component.replace(/%[0-9A-F]{2}/gu, (hex) => hex.toLowerCase()),
    component.replace(/%20/gu, '+'),
    // encodeURIComponent leaves !'()* alone; RFC 3986 strict encoders do not.
    component.replace(/[!'()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
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
    if (fragment.length >= MIN_FRAGMENT_LENGTH) forms.push(fragment, fragment.replace(/\+/gu, '-').replace(/\//gu, '_'));
  }
  return forms;
}

/** Hex of the UTF-8 bytes, both cases (a debug dump, `xxd -p`, a hex-encoded header). */
function hexForms(value: string): string[] {
  const hex = Buffer.from(value, 'utf8').toString('hex');
  return [hex, hex.toUpperCase()];
}

/** Every form of the value worth matching; the value itself first. */
export function encodingsOf(value: string): string[] {
  const forms = new Set([value, ...jsonEscaped(value), ...urlEncoded(value), ...base64Forms(value), ...hexForms(value)]);
  return [...forms].filter((form) => form.length >= MIN_FRAGMENT_LENGTH);
}
