// Resource URIs as policy subjects (contract §5, `server::uri`). One resource has many spellings —
// `FILE:///etc/passwd`, `file:///etc/../etc/passwd`, `file:///etc/%70asswd` — and a denylist written
// for one must catch them all, while an allowlist must not be escaped by `..` hidden behind escapes.
// So a URI is matched in up to three readings:
//   raw        as the client sent it;
//   normalised RFC 3986 §6.2.2: scheme and host lower-cased, escapes of unreserved characters decoded
//              and the rest upper-cased, dot segments removed (§5.2.4), and `file://localhost/` as
//              `file:///` (RFC 8089 §2);
//   decoded    what a lenient server might open: every escape decoded (twice-encoded ones too), cut at
//              a NUL, `\` as `/`, runs of `/` as one, dot segments removed, no trailing `/`.
// A denylist glob matching any reading denies. An allowlist glob must match the normalised reading,
// and the decoded one as well when decoding reveals dot segments (`..%2F`), since that is a path the
// server may resolve outside what the allowlist meant. Globs are best written in the normalised form.

/** RFC 3986 Appendix B: scheme, authority, path, query, fragment of any URI reference. */
const PARTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/u;
const ESCAPE = /%([0-9A-Fa-f]{2})/gu;
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/gu;
/** Decoding is repeated this many times at most: enough for double and triple encoding, never a loop. */
const MAX_DECODE_ROUNDS = 4;

interface UriParts {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

function split(uri: string): UriParts {
  const match = PARTS.exec(uri);
  // The pattern matches every string; the fallback only satisfies the type checker.
  if (!match) return { scheme: undefined, authority: undefined, path: uri, query: undefined, fragment: undefined };
  return { scheme: match[1], authority: match[2], path: match[3] ?? '', query: match[4], fragment: match[5] };
}

function join(parts: UriParts): string {
  let out = '';
  if (parts.scheme !== undefined) out += `${parts.scheme}:`;
  if (parts.authority !== undefined) out += `//${parts.authority}`;
  out += parts.path;
  if (parts.query !== undefined) out += `?${parts.query}`;
  if (parts.fragment !== undefined) out += `#${parts.fragment}`;
  return out;
}

/** Escapes of unreserved characters decoded, every other escape's hex upper-cased (RFC 3986 §6.2.2.1-2). */
function normaliseEscapes(text: string): string {
  return text.replace(ESCAPE, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** Every escape decoded as UTF-8; a run that is not valid UTF-8 stays as it was. */
function decodeOnce(text: string): string {
  return text.replace(ESCAPE_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** RFC 3986 §5.2.4 remove_dot_segments. */
export function removeDotSegments(path: string): string {
  let input = path;
  const output: string[] = [];
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      output.pop();
    } else if (input === '/..') {
      input = '/';
      output.pop();
    } else if (input === '.' || input === '..') input = '';
    else {
      // Move the first segment (with its leading "/", if any) to the output.
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next < 0 ? input : input.slice(0, next);
      output.push(segment);
      input = input.slice(segment.length);
    }
  }
  return output.join('');
}

/** Host lower-cased (userinfo and port kept as they are); `localhost` of a file URI is the empty host. */
function normaliseAuthority(authority: string, scheme: string | undefined, decode: (text: string) => string): string {
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hostPort = authority.slice(at + 1);
  // A port follows the last ":" unless that ":" is inside an IPv6 literal ("[::1]").
  const colon = hostPort.lastIndexOf(':');
  const portAt = colon > hostPort.lastIndexOf(']') ? colon : -1;
  const host = decode(portAt >= 0 ? hostPort.slice(0, portAt) : hostPort).toLowerCase();
  const port = portAt >= 0 ? hostPort.slice(portAt) : '';
  if (scheme === 'file' && host === 'localhost' && !userinfo && !port) return '';
  return `${decode(userinfo)}${host}${port}`;
}

export interface ResourceUriReadings {
  raw: string;
  normalised: string;
  decoded: string;
  /** Decoding revealed dot segments the normalised reading does not show (`..%2F`, `%252E%252E`, `..\`). */
  hiddenDots: boolean;
}

export function resourceUriReadings(raw: string): ResourceUriReadings {
  const parts = split(raw);
  const scheme = parts.scheme?.toLowerCase();
  const normalisedParts: UriParts = {
    scheme,
    authority: parts.authority === undefined ? undefined : normaliseAuthority(parts.authority, scheme, normaliseEscapes),
    path: removeDotSegments(normaliseEscapes(parts.path)),
    query: parts.query === undefined ? undefined : normaliseEscapes(parts.query),
    fragment: parts.fragment === undefined ? undefined : normaliseEscapes(parts.fragment),
  };
  // A NUL ends the path for a C library; `\` separates on Windows; `//` is `/` to most file systems.
  const lenientPath = decodeFully(normalisedParts.path).split('\0')[0]?.replaceAll('\\', '/').replace(/\/{2,}/gu, '/') ?? '';
  const resolvedPath = removeDotSegments(lenientPath);
  // path.resolve() and friends drop a trailing slash: `/etc/passwd/` (or `/etc/passwd/.`) opens the file.
  const decodedPath = resolvedPath.length > 1 && resolvedPath.endsWith('/') ? resolvedPath.slice(0, -1) : resolvedPath;
  const decodedParts: UriParts = {
    scheme,
    authority: parts.authority === undefined ? undefined : normaliseAuthority(parts.authority, scheme, decodeFully),
    path: decodedPath,
    query: parts.query === undefined ? undefined : decodeFully(parts.query),
    fragment: parts.fragment === undefined ? undefined : decodeFully(parts.fragment),
  };
  return { raw, normalised: join(normalisedParts), decoded: join(decodedParts), hiddenDots: resolvedPath !== lenientPath };
}

/** Two spellings of the same resource (same normalised reading). */
export function sameResourceUri(a: string, b: string): boolean {
  return a === b || resourceUriReadings(a).normalised === resourceUriReadings(b).normalised;
}

/** The `server::uri` subjects a resource is matched as: any `deny` match denies; every `allow` one must match. */
export function resourceSubjects(server: string, uri: string): { deny: string[]; allow: string[] } {
  const readings = resourceUriReadings(uri);
  const id = (value: string) => `${server}::${value}`;
  return {
    deny: [...new Set([readings.raw, readings.normalised, readings.decoded])].map(id),
    allow: (readings.hiddenDots ? [readings.normalised, readings.decoded] : [readings.normalised]).map(id),
  };
}
