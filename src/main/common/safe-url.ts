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

/**
 * Why a URL may not be opened in a browser, or null when it may: an http(s) URL with no user name or
 * password. The scheme is named, never the URL itself (it may carry anything its author put there).
 */
export function browserUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'it is not a valid URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `it is a ${url.protocol} URL, not an http or https page`;
  if (url.username || url.password) return 'it carries a user name or password';
  return null;
}
