// SEP-2243 on Gatehouse's own endpoint: a 2026-07-28 tools/call mirrors every argument its tool declares
// with `x-mcp-header` into an `Mcp-Param-{Name}` header (so a load balancer can route by it), and the
// server must refuse the request — HTTP 400, JSON-RPC -32020 HeaderMismatch — when such a header is
// missing, is not valid Base64 in its `=?base64?…?=` form, or disagrees with the body. The SDK does this
// only for its high-level McpServer, which Gatehouse's per-request gateway server is not, so the
// endpoint checks against the tool's schema as this client sees it listed, before dispatching.

export const HEADER_MISMATCH = -32020;

interface Declaration {
  path: string[];
  header: string;
  type: string | undefined;
}

const BASE64_SENTINEL = /^=\?base64\?(.*)\?=$/;
const BASE64_CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `x-mcp-header` declarations reachable through a chain of `properties` (the only place the spec allows them). */
function declarations(schema: Record<string, unknown>, path: string[] = []): Declaration[] {
  const found: Declaration[] = [];
  const header = schema['x-mcp-header'];
  if (path.length && typeof header === 'string' && header.length) found.push({ path, header, type: typeof schema.type === 'string' ? schema.type : undefined });
  if (isRecord(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) if (isRecord(child)) found.push(...declarations(child, [...path, key]));
  }
  return found;
}

/** The header's value as text: plain, or decoded from the Base64 sentinel form; undefined when that is malformed. */
function decoded(value: string): string | undefined {
  const sentinel = BASE64_SENTINEL.exec(value);
  if (!sentinel) return value;
  const b64 = sentinel[1] ?? '';
  if (!BASE64_CANONICAL.test(b64)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/** A primitive argument as the spec writes it into a header; undefined for what gets no header. */
function asHeaderText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return String(value);
  return undefined;
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
}

export interface HeaderMismatch {
  message: string;
  data: { mismatch: { header: string; body: string } };
}

/**
 * Checks the request's Mcp-Param-* headers against the arguments of a tool whose listed input schema is
 * `schema`; null when they agree (an argument that is absent or null needs no header).
 */
export function paramHeaderMismatch(schema: Record<string, unknown>, args: unknown, headerOf: (name: string) => string | undefined): HeaderMismatch | null {
  for (const declaration of declarations(schema)) {
    const body = valueAt(args, declaration.path);
    const expected = body === null || body === undefined ? undefined : asHeaderText(body);
    if (expected === undefined) continue;
    const header = `Mcp-Param-${declaration.header}`;
    const argument = `${declaration.path.join('.')}=${JSON.stringify(body)}`;
    const raw = headerOf(header.toLowerCase());
    if (raw === undefined) return mismatch(header, `the body carries ${argument} but the ${header} header is absent`);
    const text = decoded(raw);
    if (text === undefined) return mismatch(header, `the ${header} header carries an invalid Base64 value`);
    const numeric = (declaration.type === 'integer' || declaration.type === 'number') && typeof body === 'number' && DECIMAL.test(text);
    if (numeric ? Number(text) !== body : text !== expected) return mismatch(header, `the ${header} header decodes to ${JSON.stringify(text)} but the body carries ${argument}`);
  }
  return null;
}

function mismatch(header: string, body: string): HeaderMismatch {
  return { message: `Bad Request: the request headers and body disagree: ${body}`, data: { mismatch: { header, body } } };
}
