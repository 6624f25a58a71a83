import { describe, expect, it } from 'vitest';
import { constantTimeEqual, createSharedSecretAuth, matchToken, parseTokenFile, withInstanceToken } from '../../../src/main/http/auth/shared-secret';

const A = 'alpha-token-0123456789';
const B = 'bravo-token-0123456789';

describe('token file', () => {
  it('reads name:token lines, bare tokens, comments and blank lines', () => {
    expect(parseTokenFile(`# team tokens\n\nalice:${A}\n  ${B}  \n`, '/t')).toEqual([
      { principal: 'alice', token: A },
      { principal: 'default', token: B },
    ]);
  });

  it('refuses short, odd, duplicate and reserved entries, naming file:line but never the token', () => {
    const cases: [string, RegExp][] = [
      ['short', /\/t:1: the token is shorter than 16/],
      [`a:${A}\na:${B}`, /\/t:2: the name "a" appears twice/],
      [`a:${A}\nb:${A}`, /\/t:2: this token is already listed/],
      [`local:${A}`, /\/t:1: the name "local" is reserved/],
      [`a:${A} with space`, /\/t:1: the token has characters/],
      ['# only a comment', /holds no token/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        parseTokenFile(text, '/t');
      } catch (caught) {
        error = caught;
      }
      expect(error, text).toMatchObject({ code: 'E101', message: expect.stringMatching(message) });
      expect(String((error as Error).message)).not.toContain(A);
    }
  });
});

describe('comparison', () => {
  it('compares in constant time over any lengths and finds the principal', () => {
    expect(constantTimeEqual(A, A)).toBe(true);
    expect(constantTimeEqual(A, `${A}x`)).toBe(false);
    expect(constantTimeEqual('', A)).toBe(false);
    const tokens = [{ principal: 'alice', token: A }, { principal: 'bob', token: B }];
    expect(matchToken(tokens, B)).toBe('bob');
    expect(matchToken(tokens, 'nope')).toBeNull();
  });

  it('authenticates Bearer tokens and accepts the instance token as `local`', async () => {
    const auth = withInstanceToken(createSharedSecretAuth([{ principal: 'alice', token: A }]), 'instance-token-000000000000000000000000');
    expect(await auth.authenticate(`Bearer ${A}`)).toMatchObject({ ok: true, principal: { name: 'alice', kind: 'token' } });
    expect(await auth.authenticate('Bearer instance-token-000000000000000000000000')).toMatchObject({ ok: true, principal: { name: 'local' } });
    expect(await auth.authenticate(undefined)).toMatchObject({ ok: false, status: 401, headers: { 'www-authenticate': 'Bearer' }, state: 'missing' });
    expect(await auth.authenticate(`Bearer ${B}`)).toMatchObject({ ok: false, status: 401, state: 'invalid' });
    expect(await auth.authenticate(`Basic ${A}`)).toMatchObject({ ok: false, status: 401 });
    expect(auth.secrets()).toEqual([A, 'instance-token-000000000000000000000000']);
  });
});
