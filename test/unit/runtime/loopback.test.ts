// Loopback-only rules for local endpoints (python-runtime.md §6), including the URL that passes the
// prefix test but not the parse.
import { describe, expect, it } from 'vitest';
import { checkHttpPath, checkListenerHost, checkLoopbackUrl, listenerUrl } from '../../../src/main/runtime/loopback';

describe('loopback rules', () => {
  it.each(['127.0.0.1', '::1', 'localhost'])('accepts listener host %s', (host) => expect(checkListenerHost(host).ok).toBe(true));
  it.each(['0.0.0.0', '127.0.0.2', '[::1]', 'example.com'])('refuses listener host %s', (host) => {
    const result = checkListenerHost(host);
    expect(result.ok ? null : result.issue).toMatchObject({ code: 'runtime.loopback-required', message: 'streamable HTTP host must be loopback' });
  });

  it('wants an absolute path without whitespace', () => {
    expect(checkHttpPath('/mcp').ok).toBe(true);
    expect(checkHttpPath('mcp').ok).toBe(false);
    expect(checkHttpPath('/a b').ok).toBe(false);
  });

  it.each(['http://127.0.0.1:8000/mcp', 'http://localhost:1/', 'http://[::1]:9/x'])('accepts %s', (url) => expect(checkLoopbackUrl(url).ok).toBe(true));
  it.each(['https://127.0.0.1:8000/mcp', 'http://127.0.0.1/mcp', 'http://10.0.0.1:80/', 'http://127.0.0.1:8000@evil.example/mcp', 'http://localhost:80@evil.example:80/'])('refuses %s', (url) => {
    const result = checkLoopbackUrl(url);
    expect(result.ok ? null : result.issue.message).toBe('MCP proxy URL must use HTTP on an explicit loopback host');
  });

  it('dials literal addresses it chose itself', () => {
    expect(listenerUrl('localhost', 8000, '/mcp')).toBe('http://127.0.0.1:8000/mcp');
    expect(listenerUrl('::1', 8000, '/mcp')).toBe('http://[::1]:8000/mcp');
  });
});
