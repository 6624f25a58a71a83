import { describe, expect, it } from 'vitest';
import { nonPublicReason } from '../../../src/main/http/auth/public-url';
import { jwtPrincipal, scopesOf } from '../../../src/main/http/auth/resource-server';
import { bearerToken, principalKey } from '../../../src/main/http/auth/types';
import { throttled } from '../../../src/main/http/throttled-log';

it('judges which hosts are public', () => {
  for (const host of ['auth.example.com', '8.8.8.8', '[2606:4700::1111]']) expect(nonPublicReason(host), host).toBeNull();
  const blocked: Record<string, string> = {
    localhost: 'loopback', 'a.localhost': 'loopback', '127.0.0.1': 'loopback', '10.0.0.1': 'private', '172.16.5.4': 'private',
    '192.168.1.1': 'private', '169.254.169.254': 'link-local', '224.0.0.1': 'multicast', '0.0.0.0': 'unspecified', '[::1]': 'loopback',
    '[fd00::1]': 'private', '[fe80::1]': 'link-local', '[ff02::1]': 'multicast', '[::]': 'unspecified', '[::ffff:10.0.0.1]': 'private', intranet: 'not a fully qualified',
    'printer.local': 'private',
  };
  for (const [host, reason] of Object.entries(blocked)) expect(nonPublicReason(host), host).toContain(reason);
});

it('reads scopes from scope and scp', () => {
  expect(scopesOf({ scope: 'a b  c' })).toEqual(['a', 'b', 'c']);
  expect(scopesOf({ scp: ['a', 5, 'd'] })).toEqual(['a', 'd']);
  expect(scopesOf({ scope: 'a', scp: 'b' })).toEqual(['a', 'b']);
  expect(scopesOf({})).toEqual([]);
});

it('names a JWT principal by issuer and subject (else client id), exactly, apart from other methods', () => {
  const iss = 'https://auth.example.com/';
  const key = (payload: Record<string, unknown>) => principalKey({ kind: 'jwt', id: jwtPrincipal(payload).id });
  expect(jwtPrincipal({ iss, sub: 'local' }).name).toBe('local');
  expect(key({ iss, sub: 'local' })).not.toBe(principalKey({ kind: 'local', id: 'local' }));
  expect(key({ iss, sub: 'svc' })).not.toBe(key({ iss, client_id: 'svc' }));
  expect(key({ iss, client_id: 'svc' })).toBe(key({ iss, azp: 'svc' }));
  expect(key({ iss, sub: 'svc' })).not.toBe(key({ iss: 'https://other.example.com/', sub: 'svc' }));
  // Display names are sanitised and cut; ids are not, so two subjects never share one.
  expect(jwtPrincipal({ iss, sub: 'a b' }).name).toBe(jwtPrincipal({ iss, sub: 'a_b' }).name);
  expect(key({ iss, sub: 'a b' })).not.toBe(key({ iss, sub: 'a_b' }));
  expect(key({ iss, sub: 'x'.repeat(300) })).not.toBe(key({ iss, sub: `${'x'.repeat(200)}y` }));
});

it('parses only well-formed Bearer credentials', () => {
  expect(bearerToken('Bearer abc.def-ghi_~+/=')).toBe('abc.def-ghi_~+/=');
  expect(bearerToken('bearer   tok')).toBe('tok');
  for (const bad of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'Bearer a\u0000b']) expect(bearerToken(bad), String(bad)).toBeNull();
});

describe('throttled log', () => {
  it('lets a burst through per minute and then reports what it dropped', () => {
    let now = 0;
    const lines: string[] = [];
    const log = throttled((l) => lines.push(l), 3, () => now);
    for (let i = 0; i < 10; i += 1) log(`line ${i}`);
    expect(lines).toEqual(['line 0', 'line 1', 'line 2']);
    now = 60_000;
    log('later');
    expect(lines.slice(3)).toEqual(['(7 more log lines dropped in the last minute)', 'later']);
  });
});
