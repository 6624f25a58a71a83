import { describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, installCsp, withCsp, type HeaderHookSession } from '../../../src/main/shell/csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('is strict for the built app', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  it('never allows eval or remote hosts in the built app', () => {
    const text = contentSecurityPolicy();
    expect(text).not.toContain('unsafe-eval');
    expect(text).not.toContain('unsafe-inline');
    expect(text).not.toMatch(/https?:|wss?:|\*/);
  });

  it('opens only what the loopback dev server needs', () => {
    const policy = directives(contentSecurityPolicy({ devServerUrl: 'http://localhost:5173/' }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(policy.get('script-src')).toContain("'unsafe-inline'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('withCsp', () => {
  it('replaces an existing policy in any casing and keeps the other headers', () => {
    const headers = withCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] }, "default-src 'self'");
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] });
  });

  it('adds the policy when the response had no headers', () => {
    expect(withCsp(undefined, "default-src 'self'")).toEqual({ 'Content-Security-Policy': ["default-src 'self'"] });
  });
});

describe('installCsp', () => {
  it('answers every response with the policy header', () => {
    type Listener = Parameters<HeaderHookSession['webRequest']['onHeadersReceived']>[0];
    let installed: Listener | undefined;
    installCsp({ webRequest: { onHeadersReceived: (listener) => { installed = listener; } } }, "default-src 'self'");
    const callback = vi.fn();
    installed?.({ responseHeaders: { Server: ['x'] } }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { Server: ['x'], 'Content-Security-Policy': ["default-src 'self'"] } });
  });
});
