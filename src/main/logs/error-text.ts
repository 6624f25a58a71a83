// Error text as a person reads it. Gateway answers carry each error as a GatewayError object
// (`{"code":"E301","message":…}`; before issue 12, a JSON string of one, which audit.jsonl files written
// then still hold), and an audit event's error is often a whole answer envelope holding such entries in
// `errors`; all read as `E301 Tool 'nope' not found…`. Anything else is kept as it is.
function parsed(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One error as `CODE message`: a GatewayError object, a JSON string of one, or an envelope holding them. */
export function readableError(error: unknown): string {
  const text = typeof error === 'string' ? error : null;
  const value = text === null ? (isRecord(error) ? error : null) : parsed(text);
  if (typeof value?.message === 'string') return typeof value.code === 'string' ? `${value.code} ${value.message}` : value.message;
  const first = Array.isArray(value?.errors) ? (value.errors as unknown[])[0] : undefined;
  if (typeof first === 'string' || isRecord(first)) return readableError(first);
  return text ?? String(JSON.stringify(error));
}
