// Custom redaction patterns: JavaScript regexes with two Python spellings translated, added to the
// built-ins unless replace_defaults, and every other Python-only construct refused with file and line.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCustomPattern } from '../../../src/main/policy';
import { createWorld, userPolicy } from './policy-world';

/** A YAML policy with these patterns, each written as a single-quoted scalar (no escaping needed). */
function withPatterns(patterns: string[], extra = ''): string {
  return `redaction:\n  patterns:\n${patterns.map((p) => `    - '${p.replace(/'/gu, "''")}'`).join('\n')}\n${extra}`;
}

describe('compileCustomPattern', () => {
  it('reads Python spellings as written: (?P<name>, inline flags anywhere, \\A and \\z', () => {
    for (const source of ['(?P<label>ticket)=(?P<value>\\d+)', '(?i)internal_[a-z]+', 'abc(?i)def', '(?i:abc)d', '(?s)a.b', '\\Asecret\\z']) {
      expect(compileCustomPattern(source), source).toMatchObject({ ok: true, pattern: { source } });
    }
  });

  it('keeps JavaScript spellings that RE2 shares, lazy quantifiers, identity escapes and captureless lookbehinds', () => {
    for (const source of ['(?<name>x)\\d+', '(?<=key=)\\w+', '(?<!x)a+?b', '(?:ab)*c', '\\-\\_[\\w-]+', 'a{2}b', '[(?P=x)*+]+z', '[]a]+b']) {
      expect(compileCustomPattern(source), source).toMatchObject({ ok: true });
    }
  });

  it.each([
    ['(?P<n>a)(?P=n)', 'backreferences need a backtracking engine'],
    ['(a)\\1', 'backreferences need a backtracking engine'],
    ['(?=x)x', 'lookahead "(?=" / "(?!" needs a backtracking engine'],
    ['a(?!b)', 'lookahead "(?=" / "(?!" needs a backtracking engine'],
    ['a++', 'possessive quantifiers'],
    ['x{2,3}+', 'possessive quantifiers'],
    ['secret\\Z', '"\\Z" is not supported; use "\\z" (end of text) or "$"'],
    ['a(?#note)b', 'comment group "(?#...)" is not supported'],
    ['(?>ab)c', 'atomic group "(?>...)" is not supported'],
    ['(a)?(?(1)b|c)', 'conditional group "(?(...)...)" is not supported'],
    ['(?x) a b', 'invalid regular expression (RE2 syntax): invalid or unsupported Perl syntax: `(?x`'],
    ['(unclosed', 'invalid regular expression (RE2 syntax): missing closing ): `(unclosed`'],
    ['a|', 'the pattern matches the empty string, so it would redact nothing'],
  ])('refuses %s with the reason', (source, reason) => {
    const result = compileCustomPattern(source);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('matches a catastrophic-backtracking pattern in linear time instead of freezing', () => {
    // `(a+)+$` held V8's backtracking engine for 75 s on a 35-character answer. On RE2 the same pattern
    // over a far longer input finishes; the test would hang (and time out) on a backtracking engine.
    const policy = userPolicy(withPatterns(['(a+)+$']));
    expect(policy.error).toBeNull();
    const hostile = `${'a'.repeat(5000)}!`;
    expect(policy.redactText(hostile)).toBe(hostile);
    expect(policy.redactText('aaaa')).toBe('[REDACTED]');
  }, 10_000);
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

describe('a pattern RE2 cannot run is an error naming file and line', () => {
  it('in YAML', () => {
    const world = createWorld();
    const file = world.write(world.userYaml, withPatterns(['ok-\\d+', '(?P<n>a)(?P=n)']));
    const policy = world.load();
    expect(policy.error?.message).toBe(
      `E102 invalid policy: ${file}:4:7: bad redaction pattern in redaction.patterns[1]: backreferences need a backtracking engine; write the pattern without them (custom patterns run on RE2, which matches in linear time)`,
    );
    expect(policy.error?.issues[0]).toMatchObject({ line: 4, column: 7, field: 'redaction.patterns[1]' });
    expect(policy.serverAllowed('any')).toBe(false);
  });

  it('in JSON', () => {
    const world = createWorld();
    const file = world.write(world.userJson, '{\n  "redaction": {\n    "patterns": [\n      "(?x) spaced  out"\n    ]\n  }\n}\n');
    expect(world.load().error?.message).toBe(
      `E102 invalid policy: ${file}:4:7: bad redaction pattern in redaction.patterns[0]: invalid regular expression (RE2 syntax): invalid or unsupported Perl syntax: \`(?x\``,
    );
  });

  it('in the project file', () => {
    const world = createWorld();
    const file = world.write(join(world.project, '.gatehouse', 'policy.yaml'), withPatterns(['a++']));
    expect(world.load().error?.message).toBe(
      `E102 invalid policy: ${file}:3:7: bad redaction pattern in redaction.patterns[0]: possessive quantifiers ("++", "*+", "?+", "{n}+") are not supported; drop the extra "+" (RE2 never backtracks anyway) (custom patterns run on RE2, which matches in linear time)`,
    );
  });
});

describe('a project policy cannot add redaction patterns', () => {
  it('ignores them with a warning naming the file, and keeps the user policy\'s own patterns', () => {
    // A cloned project's .gatehouse/policy.yaml needs no approval: before this rule its `(a+)+$` froze the
    // gateway for every session. It may narrow (deny, lower limits), never add code-like rules.
    const world = createWorld();
    world.write(world.userYaml, withPatterns(['user-\\d+']));
    const file = world.write(world.projectYaml, withPatterns(['(a+)+$', 'project-\\d+']));
    const policy = world.load();
    expect(policy.error).toBeNull();
    expect(policy.warnings).toContain(
      `${file}: redaction.patterns (2) are ignored in a project policy: a cloned project cannot add code-like rules; put them in your own policy.yaml`,
    );
    expect(policy.redactText('user-1 project-2 aaaa')).toBe('[REDACTED] project-2 aaaa');
  });
});
