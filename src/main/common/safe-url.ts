// Auth fields and discovery answers carry sanitised URLs only (contract §2.2): an http(s) URL cut to its
// origin and path. Userinfo, query and fragment go, because that is where credentials and OAuth state
// travel; any other scheme (javascript:, file:, data:) is dropped entirely.
export function sanitizedUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}
