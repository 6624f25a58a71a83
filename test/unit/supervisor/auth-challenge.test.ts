// The WWW-Authenticate parser: several challenges in one header, commas inside quoted values, escaped
// quotes, token68, empty list elements, and garbage that must be refused rather than half-read.
import { describe, expect, it } from 'vitest';
import { bearerChallenge, parseWwwAuthenticate, scopeList } from '../../../src/main/supervisor/auth-challenge';

describe('parseWwwAuthenticate', () => {
  it('reads an MCP Bearer challenge (RFC 9728 resource_metadata, scope)', () => {
    expect(parseWwwAuthenticate('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", scope="files:read files:write"')).toEqual([
      { scheme: 'Bearer', token68: null, params: { resource_metadata: 'https://mcp.example.com/.well-known/oauth-protected-resource', scope: 'files:read files:write' } },
    ]);
  });

  it('splits several challenges, even with commas inside quoted values', () => {
    const challenges = parseWwwAuthenticate('Basic realm="a, b", Bearer error="insufficient_scope", scope="x y", DPoP algs="ES256 PS256"');
    expect(challenges?.map((c) => c.scheme)).toEqual(['Basic', 'Bearer', 'DPoP']);
    expect(challenges?.[0]?.params).toEqual({ realm: 'a, b' });
    expect(challenges?.[1]?.params).toEqual({ error: 'insufficient_scope', scope: 'x y' });
    expect(bearerChallenge(challenges ?? [])?.params.error).toBe('insufficient_scope');
  });

  it('parses the RFC 9110 example with escaped quotes and a token value', () => {
    const challenges = parseWwwAuthenticate('Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"');
    expect(challenges).toEqual([
      { scheme: 'Newauth', token68: null, params: { realm: 'apps', type: '1', title: 'Login to "apps"' } },
      { scheme: 'Basic', token68: null, params: { realm: 'simple' } },
    ]);
  });

  it('unescapes any quoted-pair and keeps a backslash written as \\\\', () => {
    expect(parseWwwAuthenticate('Bearer error_description="a \\\\ b \\x"')?.[0]?.params.error_description).toBe('a \\ b x');
  });

  it('takes token68, bare schemes, odd spacing, case and empty list elements', () => {
    expect(parseWwwAuthenticate('Basic dXNlcjpwYXNz==')).toEqual([{ scheme: 'Basic', token68: 'dXNlcjpwYXNz==', params: {} }]);
    expect(parseWwwAuthenticate('Bearer')).toEqual([{ scheme: 'Bearer', token68: null, params: {} }]);
    expect(parseWwwAuthenticate(' , bearer  ,, Negotiate ,')?.map((c) => c.scheme)).toEqual(['bearer', 'Negotiate']);
    expect(parseWwwAuthenticate('Bearer , realm = "x" ,  ERROR=invalid_token')?.[0]?.params).toEqual({ realm: 'x', error: 'invalid_token' });
    expect(bearerChallenge(parseWwwAuthenticate('BEARER realm="x"') ?? [])?.scheme).toBe('BEARER');
  });

  it('keeps parameters without a value in the challenge they belong to, missing params are just absent', () => {
    const [bearer] = parseWwwAuthenticate('Bearer realm="example"') ?? [];
    expect(bearer?.params.scope).toBeUndefined();
    expect(scopeList(bearer?.params.scope)).toEqual([]);
    expect(scopeList(' a  b\ta a ')).toEqual(['a', 'b']);
  });

  it.each([
    ['an empty header', ''],
    ['only separators', ' , , '],
    ['an unterminated quoted string', 'Bearer realm="never closed'],
    ['a backslash at the very end', 'Bearer realm="x\\'],
    ['a quote glued to the scheme', 'Bearer"x"'],
    ['a parameter without a value', 'Bearer error="x", scope='],
    ['a parameter without a name', 'Bearer ="x"'],
    ['text after a quoted value', 'Bearer realm="x" junk'],
    ['a repeated parameter', 'Bearer scope="a", scope="b"'],
    ['a control character in a quoted value', 'Bearer realm="a\u0001b"'],
    ['a newline in a quoted value', 'Bearer realm="a\nb"'],
    ['a scheme that is not a token', '"Bearer" realm="x"'],
    ['JSON instead of a challenge', '{"error":"unauthorized"}'],
  ])('refuses %s', (_label, header) => {
    expect(parseWwwAuthenticate(header)).toBeNull();
  });

  it('reads what the grammar allows, even when it looks odd', () => {
    // A lone word after a comma is the next challenge's scheme, and `realm=` alone is token68.
    expect(parseWwwAuthenticate('Bearer realm="x", scope')?.map((c) => c.scheme)).toEqual(['Bearer', 'scope']);
    expect(parseWwwAuthenticate('Bearer realm=')?.[0]?.token68).toBe('realm=');
  });

  it('finds no Bearer challenge among others', () => {
    expect(bearerChallenge(parseWwwAuthenticate('Basic realm="x", Digest nonce="y"') ?? [])).toBeNull();
  });
});
