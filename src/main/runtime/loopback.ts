// Loopback-only rules for local endpoints (python-runtime.md §6): the listener host a child is told to
// bind, its HTTP path, and the URL Gatehouse dials. The URL check is a prefix test (which proves the
// port was explicit, since WHATWG parsing drops a default :80) and then a real URL parse (which catches
// `http://127.0.0.1:8000@evil.example/`, where the prefix lies).
import { fail, ok, type Checked } from './issue';

const LISTENER_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
const URL_PREFIXES = ['http://127.0.0.1:', 'http://localhost:', 'http://[::1]:'];
const URL_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function checkListenerHost(host: string): Checked<string> {
  return LISTENER_HOSTS.has(host) ? ok(host) : fail('runtime.loopback-required', 'streamable HTTP host must be loopback', null, { host });
}

export function checkHttpPath(path: string): Checked<string> {
  return path.startsWith('/') && !/\s/.test(path)
    ? ok(path)
    : fail('runtime.loopback-required', 'MCP HTTP path must be an absolute path without whitespace', null, { path });
}

export function checkLoopbackUrl(raw: string): Checked<URL> {
  const refuse = () => fail('runtime.loopback-required', 'MCP proxy URL must use HTTP on an explicit loopback host');
  if (!URL_PREFIXES.some((prefix) => raw.startsWith(prefix))) return refuse();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse();
  }
  if (url.protocol !== 'http:' || !URL_HOSTNAMES.has(url.hostname) || url.username !== '' || url.password !== '') return refuse();
  return ok(url);
}

/** The URL for a listener Gatehouse asked a child to open; the literal IP, never a name to resolve. */
export function listenerUrl(host: string, port: number, path: string): string {
  const literal = host === 'localhost' ? '127.0.0.1' : host === '::1' ? '[::1]' : host;
  return `http://${literal}:${port}${path}`;
}
