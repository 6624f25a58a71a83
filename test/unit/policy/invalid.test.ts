// Every kind of invalid file fails closed with `E102 invalid policy: <file>:<line>:<col>: <reason>`.
import { describe, expect, it } from 'vitest';
import { FAIL_CLOSED_GATEWAY_TOOLS, POLICY_NEXT_STEP, type LoadedPolicy } from '../../../src/main/policy';
import { createWorld } from './policy-world';

function loadYaml(text: string): { policy: LoadedPolicy; file: string } {
  const world = createWorld();
  const file = world.write(world.userYaml, text);
  return { policy: world.load(), file };
}

function loadJson(text: string): { policy: LoadedPolicy; file: string } {
  const world = createWorld();
  const file = world.write(world.userJson, text);
  return { policy: world.load(), file };
}

const yamlCases: [string, string, string][] = [
  ['an unknown key under a section', 'tools:\n  denylist: []\nservers:\n  allowlist: []\n  denlist: [x]\n', '5:3: unknown key "denlist" under "servers"'],
  ['an unknown top-level key', 'servers: {}\nfoo: 1\n', '2:1: unknown key "foo" at the top level'],
  ['an unknown key under limits', 'limits:\n  max_output: 5\n', '2:3: unknown key "max_output" under "limits"'],
  ['a string where a list belongs', 'servers:\n  denylist: evil\n', '2:13: "servers.denylist" must be a list, not a string ("evil")'],
  ['a number in a glob list', 'servers:\n  denylist:\n    - ok\n    - 42\n', '4:7: "servers.denylist[1]" must be a string, not the number 42'],
  ['a list where a section belongs', 'servers: [a, b]\n', '1:10: "servers" must be a mapping, not a list'],
  ['a list as the whole file', '- a\n- b\n', '1:1: the policy must be a mapping of sections (servers, tools, resources, prompts, gateway_tools, packages, relays, exposure, limits, redaction), not a list'],
  ['a zero limit', 'limits:\n  max_output_bytes: 0\n', '2:21: "limits.max_output_bytes" must be a positive integer, not the number 0'],
  ['a fractional limit', 'limits:\n  max_output_tokens: 1.5\n', '2:22: "limits.max_output_tokens" must be a positive integer, not the number 1.5'],
  ['a quoted limit', 'limits:\n  max_output_tokens: "4000"\n', '2:22: "limits.max_output_tokens" must be a positive integer, not a string ("4000")'],
  ['a YAML 1.1 boolean', 'redaction:\n  replace_defaults: yes\n', '2:21: "redaction.replace_defaults" must be true or false, not a string ("yes")'],
  ['an empty glob', 'servers:\n  denylist: [""]\n', '2:14: "servers.denylist[0]": a glob cannot be empty'],
  ['an unclosed glob class', 'servers:\n  denylist: ["ab[c"]\n', '2:14: bad glob in servers.denylist[0]: unclosed "[" in glob "ab[c"; write "[[]" for a literal "["'],
  ['a bad regex', 'redaction:\n  patterns:\n    - "ok=\\\\S+"\n    - "(unclosed"\n', '4:7: bad redaction pattern in redaction.patterns[1]: invalid regular expression (RE2 syntax): missing closing ): `(unclosed`'],
  ['a pattern matching the empty string', 'redaction:\n  patterns:\n    - "x*"\n', '3:7: bad redaction pattern in redaction.patterns[0]: the pattern matches the empty string, so it would redact nothing'],
  ['an unterminated flow list', 'servers:\n  denylist: [a\n', '3:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]'],
  ['a tab as indentation', 'servers:\n\tdenylist: [a]\n', '2:1: YAML syntax error: Tabs are not allowed as indentation'],
  ['an unterminated string', 'servers:\n  denylist: ["abc]\n', '3:1: YAML syntax error: Missing closing "quote'],
  ['a duplicate key', 'servers:\n  denylist: [a]\nservers:\n  allowlist: [b]\n', '3:1: duplicate key "servers"'],
];

describe('invalid YAML policies', () => {
  it.each(yamlCases)('%s', (_name, text, expected) => {
    const { policy, file } = loadYaml(text);
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:${expected}`);
    expect(policy.error?.code).toBe('E102');
    expect(policy.serverAllowed('anything')).toBe(false);
  });

  it('names an empty file without a position', () => {
    const { policy, file } = loadYaml('');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}: the file is empty; write {} for a policy with no rules, or delete the file`);
  });

  it('reports every issue, the first in file order quoted in the message', () => {
    const { policy, file } = loadYaml('servers:\n  denlist: [x]\nlimits:\n  max_output_bytes: -3\nredaction:\n  patterns: ["(?P<k>a)(?P=k)"]\n');
    expect(policy.error?.issues.map((issue) => [issue.line, issue.column, issue.field, issue.kind, issue.path])).toEqual([
      [2, 3, 'servers.denlist', 'user', file],
      [4, 21, 'limits.max_output_bytes', 'user', file],
      [6, 14, 'redaction.patterns[0]', 'user', file],
    ]);
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:2:3: unknown key "denlist" under "servers"`);
    expect(policy.error?.next_step).toBe(POLICY_NEXT_STEP);
  });

  it('accepts empty sections and lists (YAML null) as "no rules"', () => {
    expect(loadYaml('servers:\n').policy.error).toBeNull();
    const { policy } = loadYaml('servers:\n  denylist:\n  allowlist:\nlimits:\n');
    expect(policy.error).toBeNull();
    expect(policy.serverAllowed('x')).toBe(true);
  });

  it('treats a "__proto__" key as an unknown key, not as a prototype', () => {
    const { policy, file } = loadYaml('__proto__:\n  servers: {denylist: [x]}\n');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:1:1: unknown key "__proto__" at the top level`);
  });
});

describe('invalid JSON policies', () => {
  it('rejects a trailing comma at its line and column', () => {
    const { policy, file } = loadJson('{\n  "servers": {\n    "denylist": ["a"],\n  }\n}');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:4:3: JSON syntax error: property name expected (in double quotes)`);
  });

  it('rejects comments', () => {
    const { policy, file } = loadJson('{\n  // c\n  "servers": {}\n}');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:2:3: JSON syntax error: comments are not allowed in JSON`);
  });

  it('locates an unknown key', () => {
    const { policy, file } = loadJson('{\n  "servers": {\n    "denlist": ["a"]\n  }\n}');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:3:5: unknown key "denlist" under "servers"`);
  });

  it('locates a wrong type', () => {
    const { policy, file } = loadJson('{"limits": {"max_binary_bytes": true}}');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:1:33: "limits.max_binary_bytes" must be a positive integer, not true`);
  });

  it('rejects an empty file', () => {
    const { policy, file } = loadJson('');
    expect(policy.error?.message).toBe(`E102 invalid policy: ${file}:1:1: JSON syntax error: value expected`);
  });
});

describe('fail closed', () => {
  const broken = 'servers:\n  denlist: [x]\n';

  function expectClosed(policy: LoadedPolicy): void {
    expect(policy.error).not.toBeNull();
    expect(policy.serverAllowed('github')).toBe(false);
    expect(policy.toolAllowed('github', 'list_issues')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///a')).toBe(false);
    expect(policy.promptAllowed('git', 'review')).toBe(false);
    expect(policy.packageAllowed('npm:left-pad')).toBe(false);
    const decision = policy.decideServer('github');
    expect(decision).toEqual({ allowed: false, code: 'E102', message: policy.error?.message, suggestion: POLICY_NEXT_STEP });
    expect(policy.decideTool('github', 'list_issues')).toEqual(decision);
    expect(policy.decideResource('fs', 'file:///a')).toEqual(decision);
    expect(policy.decidePrompt('git', 'review')).toEqual(decision);
  }

  it('denies every downstream server when a discovered user policy is invalid', () => {
    expectClosed(loadYaml(broken).policy);
  });

  it('denies every downstream server when the explicit policy is invalid', () => {
    const world = createWorld();
    const explicit = world.write(`${world.root}/explicit.yaml`, broken);
    const policy = world.load({ explicitPath: explicit });
    expectClosed(policy);
    expect(policy.error?.message).toBe(`E102 invalid policy: ${explicit}:2:3: unknown key "denlist" under "servers"`);
  });

  it('denies every downstream server when the PMCP fallback is invalid', () => {
    const world = createWorld();
    world.write(world.pmcpYaml, broken);
    expectClosed(world.load());
  });

  it('denies every downstream server when only the project narrowing file is invalid', () => {
    const world = createWorld();
    world.write(world.userYaml, 'servers:\n  denylist: [a]\n');
    const project = world.write(world.projectYaml, broken);
    const policy = world.load();
    expectClosed(policy);
    expect(policy.error?.issues[0]).toMatchObject({ kind: 'project', path: project });
  });

  it('keeps health, config_status and refresh answering and refuses every other meta-tool with E102', () => {
    const { policy } = loadYaml(broken);
    expect([...FAIL_CLOSED_GATEWAY_TOOLS]).toEqual(['gateway.config_status', 'gateway.health', 'gateway.refresh']);
    for (const name of ['gateway.health', 'health', 'gateway.config_status', 'gateway.refresh']) {
      expect(policy.gatewayToolAllowed(name)).toBe(true);
    }
    for (const name of ['gateway.invoke', 'gateway.describe', 'gateway.catalog_search', 'connect_server']) {
      expect(policy.gatewayToolAllowed(name)).toBe(false);
    }
    expect(policy.decideGatewayTool('gateway.invoke')).toMatchObject({ allowed: false, code: 'E102' });
  });

  it('keeps the default limits and the built-in redaction', () => {
    const { policy } = loadYaml('servers:\n  denlist: [x]\nlimits:\n  max_output_bytes: 10\nredaction:\n  replace_defaults: true\n');
    expect(policy.limits.max_output_bytes).toBe(50000);
    expect(policy.redactText('api_key=abc123')).toBe('api_key= [REDACTED]');
  });

  it('recovers on the next load once the file is fixed', () => {
    const world = createWorld();
    world.write(world.userYaml, broken);
    expect(world.load().serverAllowed('x')).toBe(false);
    world.write(world.userYaml, 'servers:\n  denylist: [x]\n');
    const fixed = world.load();
    expect(fixed.error).toBeNull();
    expect(fixed.serverAllowed('x')).toBe(false);
    expect(fixed.serverAllowed('y')).toBe(true);
  });
});
