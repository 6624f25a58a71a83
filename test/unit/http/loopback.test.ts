import { describe, expect, it } from 'vitest';
import { buildOriginPolicy, hostAllowed, isLoopbackHost, originAllowed } from '../../../src/main/http/loopback';

const policy = buildOriginPolicy(3344, { publicUrls: ['https://mcp.example.com/mcp'], allowedOrigins: ['https://panel.example.com'] });

describe('Host check', () => {
  it('accepts loopback names on the bound port and configured public hosts', () => {
    for (const host of ['127.0.0.1:3344', 'localhost:3344', '[::1]:3344', '127.1.2.3:3344', 'mcp.example.com', 'panel.example.com']) {
      expect(hostAllowed(host, policy), host).toBe(true);
    }
  });
  it('refuses rebinding names, other ports, user info and junk', () => {
    for (const host of [undefined, '', 'evil.example:3344', '127.0.0.1:3345', '127.0.0.1', 'evil@127.0.0.1:3344', '127.0.0.1:3344/x', 'localhost.evil:3344', 'mcp.example.com:8443', ' 127.0.0.1:3344']) {
      expect(hostAllowed(host, policy), String(host)).toBe(false);
    }
  });
});

it('judges a Host again under a new policy (verdicts are remembered per policy, never across)', () => {
  const before = buildOriginPolicy(0, { publicUrls: [], allowedOrigins: [] });
  const bound = { ...before, port: 3344 };
  expect(hostAllowed('127.0.0.1:3344', before)).toBe(false);
  expect(hostAllowed('127.0.0.1:3344', bound)).toBe(true);
  expect(hostAllowed('127.0.0.1:3344', before)).toBe(false);
  // Many made-up Hosts later, the verdicts are still right.
  for (let i = 0; i < 200; i++) expect(hostAllowed(`h${i}.example:3344`, bound)).toBe(false);
  expect(hostAllowed('127.0.0.1:3344', bound)).toBe(true);
});

describe('Origin check', () => {
  it('passes absent, loopback, listed and same-origin Origins', () => {
    expect(originAllowed(undefined, '127.0.0.1:3344', policy)).toBe(true);
    expect(originAllowed('http://localhost:5173', '127.0.0.1:3344', policy)).toBe(true);
    expect(originAllowed('https://panel.example.com', 'mcp.example.com', policy)).toBe(true);
    expect(originAllowed('https://mcp.example.com', 'mcp.example.com', policy)).toBe(true);
  });
  it('refuses foreign, null, non-web and look-alike Origins', () => {
    for (const origin of ['https://evil.example', 'null', 'file:///x', 'chrome-extension://abc', 'https://panel.example.com.evil.example', 'not a url']) {
      expect(originAllowed(origin, '127.0.0.1:3344', policy), origin).toBe(false);
    }
  });
});

it('knows loopback hosts', () => {
  expect(['localhost', '127.0.0.1', '::1', '[::1]', '127.255.0.1'].every(isLoopbackHost)).toBe(true);
  expect(['0.0.0.0', '10.0.0.1', 'localhost.example', '::'].some(isLoopbackHost)).toBe(false);
});
