// Custom redaction patterns: JavaScript regexes with two Python spellings translated, added to the
// built-ins unless replace_defaults, and every other Python-only construct refused with file and line.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatePattern } from '../../../src/main/policy';
import { createWorld, userPolicy } from './policy-world';

/** A YAML policy with these patterns, each written as a single-quoted scalar (no escaping needed). */
function withPatterns(patterns: string[], extra = ''): string {
  return `redaction:\n  patterns:\n${patterns.map((p) => `    - '${p.replace(/'/gu, "''")}'`).join('\n')}\n${extra}`;
}

describe('translatePattern', () => {
  it('turns (?P<name> into (?<name>', () => {
    expect(translatePattern('(?P<label>ticket)=(?P<value>\\d+)')).toEqual({
      ok: true,
      pattern: { source: '(?P<label>ticket)=(?P<value>\\d+)', translated: '(?<label>ticket)=(?<value>\\d+)', flags: '' },
    });
  });

  it('turns a leading (?i) into the i flag', () => {
    expect(translatePattern('(?i)internal_[a-z]+')).toEqual({
      ok: true,
      pattern: { source: '(?i)internal_[a-z]+', translated: 'internal_[a-z]+', flags: 'i' },
    });
  });

  it('keeps JavaScript syntax, lazy quantifiers, lookarounds and Python-style identity escapes', () => {
    for (const source of ['(?<=key=)\\w+', '(?<!x)a+?b', '(?:ab)*c', '(?=x)x\\d{2,}?', '\\-\\_[\\w-]+', 'a{2}b']) {
      const result = translatePattern(source);
      expect(result).toMatchObject({ ok: true, pattern: { translated: source, flags: '' } });
    }
  });

  it('does not read constructs inside a character class', () => {
    expect(translatePattern('[(?P=x)*+]+z')).toMatchObject({ ok: true, pattern: { translated: '[(?P=x)*+]+z' } });
    expect(translatePattern('[]a]+b')).toMatchObject({ ok: true });
  });

  it.each([
    ['(?P<n>a)(?P=n)', 'named backreference "(?P=name)" is Python-only (write \\k<name>) at character 9'],
    ['(?x) a b', 'inline flags "(?x)" are Python-only at character 1'],
    ['(?s)a.b', 'inline flags "(?s)" are Python-only at character 1'],
    ['(?im)abc', 'inline flags "(?im)" are Python-only at character 1'],
    ['abc(?i)', 'inline flags "(?i)" are Python-only ((?i) is accepted only at the very start) at character 4'],
    ['(?i:abc)d', 'scoped inline flags "(?i:" are Python-only at character 1'],
    ['a++', 'possessive quantifier "++" is Python-only at character 3'],
    ['\\d*+x', 'possessive quantifier "*+" is Python-only at character 4'],
    ['x{2,3}+', 'possessive quantifier "{2,3}+" is Python-only at character 7'],
    ['secret\\Z', '"\\Z" is Python-only at character 7 (use $)'],
    ['\\Asecret', '"\\A" is Python-only at character 1 (use ^)'],
    ['a(?#note)b', 'comment group "(?#...)" is Python-only at character 2'],
    ['(?>ab)c', 'atomic group "(?>...)" is Python-only at character 1'],
    ['(a)?(?(1)b|c)', 'conditional group "(?(...)...)" is Python-only at character 5'],
    ['(unclosed', 'invalid regular expression: Unterminated group'],
    ['a|', 'the pattern matches the empty string, so it would redact nothing'],
  ])('refuses %s', (source, reason) => {
    expect(translatePattern(source)).toEqual({ ok: false, reason });
  });
});

describe('custom patterns in a policy', () => {
  it('add to the built-ins by default', () => {
    const policy = userPolicy(withPatterns(['artifact_token=[^\\s]+', 'TENANT_CODE_MODE_[A-Z_]+=[^\\s]+']));
    expect(policy.error).toBeNull();
    expect(policy.redactText('artifact_token=abc TENANT_CODE_MODE_KEY=zzz api_key=abc123 x')).toBe(
      'artifact_token= [REDACTED] TENANT_CODE_MODE_KEY= [REDACTED] api_key= [REDACTED] x',
    );
  });

  it('replace the built-ins only with replace_defaults: true', () => {
    const policy = userPolicy(withPatterns(['internal-\\d+'], '  replace_defaults: true\n'));
    expect(policy.redactText('id internal-42 api_key=abc123')).toBe('id [REDACTED] api_key=abc123');
  });

  it('apply PMCP\'s rule: keep up to the first ":" or "=", else replace the whole match', () => {
    const policy = userPolicy(withPatterns(['(session)[\\s]*[:=][\\s]*[\\w]+', 'CASE-\\d{4}']));
    expect(policy.redactText('session : abc CASE-1234')).toBe('session : [REDACTED] [REDACTED]');
  });

  it('replace only a named group "value" when the pattern has one', () => {
    const policy = userPolicy(withPatterns(['https://[^:/\\s]+:(?P<value>[^@\\s]+)@']));
    expect(policy.redactText('clone https://bob:pa55@git.example.com/r.git')).toBe('clone https://bob:[REDACTED]@git.example.com/r.git');
  });

  it('honour a translated leading (?i), and are case-sensitive without it', () => {
    const insensitive = userPolicy(withPatterns(['(?i)projectx-[a-z]+']));
    expect(insensitive.redactText('PROJECTX-ALPHA projectx-beta')).toBe('[REDACTED] [REDACTED]');
    const sensitive = userPolicy(withPatterns(['projectx-[a-z]+']));
    expect(sensitive.redactText('PROJECTX-ALPHA projectx-beta')).toBe('PROJECTX-ALPHA [REDACTED]');
  });

  it('apply inside redactDeep too', () => {
    const policy = userPolicy(withPatterns(['internal-\\d+']));
    expect(policy.redactDeep({ rows: [{ id: 'internal-7' }] })).toEqual({ rows: [{ id: '[REDACTED]' }] });
  });

  it('change the digest', () => {
    expect(userPolicy(withPatterns(['a-\\d+'])).digest).not.toBe(userPolicy(withPatterns(['b-\\d+'])).digest);
  });
});

describe('Python-only syntax is an error naming file and line', () => {
  it('in YAML', () => {
    const world = createWorld();
    const file = world.write(world.userYaml, withPatterns(['ok-\\d+', '(?P<n>a)(?P=n)']));
    const policy = world.load();
    expect(policy.error?.message).toBe(
      `E102 invalid policy: ${file}:4:7: bad redaction pattern in redaction.patterns[1]: named backreference "(?P=name)" is Python-only (write \\k<name>) at character 9`,
    );
    expect(policy.error?.issues[0]).toMatchObject({ line: 4, column: 7, field: 'redaction.patterns[1]' });
    expect(policy.serverAllowed('any')).toBe(false);
  });

  it('in JSON', () => {
    const world = createWorld();
    const file = world.write(world.userJson, '{\n  "redaction": {\n    "patterns": [\n      "(?x) spaced  out"\n    ]\n  }\n}\n');
    expect(world.load().error?.message).toBe(
      `E102 invalid policy: ${file}:4:7: bad redaction pattern in redaction.patterns[0]: inline flags "(?x)" are Python-only at character 1`,
    );
  });

  it('in the project file', () => {
    const world = createWorld();
    const file = world.write(join(world.project, '.gatehouse', 'policy.yaml'), withPatterns(['a++']));
    expect(world.load().error?.message).toBe(
      `E102 invalid policy: ${file}:3:7: bad redaction pattern in redaction.patterns[0]: possessive quantifier "++" is Python-only at character 3`,
    );
  });
});
