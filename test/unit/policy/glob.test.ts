import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../../src/main/policy';

function matcher(glob: string): (subject: string) => boolean {
  const compiled = compileGlob(glob);
  if (!compiled.ok) throw new Error(compiled.reason);
  return (subject) => compiled.regex.test(subject);
}

describe('compileGlob', () => {
  it('lets * match any run, crossing "::" and "/"', () => {
    const m = matcher('*::delete_*');
    expect(m('fs::delete_file')).toBe(true);
    expect(m('a::b::delete_x')).toBe(true);
    expect(m('fs::read_file')).toBe(false);
    expect(matcher('fs::file:///*')('fs::file:///etc/passwd')).toBe(true);
    expect(matcher('*')('')).toBe(true);
    expect(matcher('git*')('github::create_issue')).toBe(true);
  });

  it('matches the whole subject, not a part of it', () => {
    expect(matcher('git')('github')).toBe(false);
    expect(matcher('hub')('github')).toBe(false);
  });

  it('lets ? match exactly one character', () => {
    const m = matcher('db?');
    expect(m('db1')).toBe(true);
    expect(m('db')).toBe(false);
    expect(m('db12')).toBe(false);
    expect(matcher('a?b')('a:b')).toBe(true);
  });

  it('supports [abc], ranges and [!abc]', () => {
    expect(matcher('srv[abc]')('srvb')).toBe(true);
    expect(matcher('srv[abc]')('srvd')).toBe(false);
    expect(matcher('v[0-9]')('v7')).toBe(true);
    expect(matcher('v[0-9]')('vx')).toBe(false);
    expect(matcher('srv[!abc]')('srvd')).toBe(true);
    expect(matcher('srv[!abc]')('srva')).toBe(false);
  });

  it('treats a "]" right after "[" or "[!" as a class member, as fnmatch does', () => {
    expect(matcher('[]x]')(']')).toBe(true);
    expect(matcher('[]x]')('x')).toBe(true);
    expect(matcher('[!]]')('a')).toBe(true);
    expect(matcher('[!]]')(']')).toBe(false);
    expect(matcher('[[]')('[')).toBe(true);
  });

  it('is case-sensitive', () => {
    expect(matcher('Secret*')('secretserver')).toBe(false);
    expect(matcher('Secret*')('SecretServer')).toBe(true);
    expect(matcher('[A-Z]*')('lower')).toBe(false);
  });

  it('treats regex punctuation and backslashes as literal characters', () => {
    expect(matcher('a.b')('a.b')).toBe(true);
    expect(matcher('a.b')('axb')).toBe(false);
    expect(matcher('a+(b)|c^$')('a+(b)|c^$')).toBe(true);
    expect(matcher('a\\*')('a\\xyz')).toBe(true);
    expect(matcher('x{2}')('x{2}')).toBe(true);
    expect(matcher('[-a]')('-')).toBe(true);
    expect(matcher('[a-]')('-')).toBe(true);
    expect(matcher('[\\]')('\\')).toBe(true);
  });

  it('matches nothing for a reversed range instead of failing', () => {
    expect(matcher('[z-a]')('m')).toBe(false);
  });

  it('refuses an unclosed "[" with the fix', () => {
    const compiled = compileGlob('ab[c');
    expect(compiled).toEqual({ ok: false, offset: 2, reason: 'unclosed "[" in glob "ab[c"; write "[[]" for a literal "["' });
  });
});
