// Error text as a person reads it. Gateway answers carry each error as a JSON string of a GatewayError
// (`{"code":"E301","message":…}`), and an audit event's error is often a whole answer envelope holding
// such strings in `errors`; both read as `E301 Tool 'nope' not found…`. Anything else is kept as it is.
function parsed(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readableError(text: string): string {
  const value = parsed(text);
  if (typeof value?.message === 'string') return typeof value.code === 'string' ? `${value.code} ${value.message}` : value.message;
  const first = Array.isArray(value?.errors) ? (value.errors as unknown[])[0] : undefined;
  return typeof first === 'string' ? readableError(first) : text;
}
