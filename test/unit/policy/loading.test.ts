import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyDiagnostics } from '../../../src/main/policy';
import { createWorld } from './policy-world';

const DENY_A = 'servers:\n  denylist: [a]\n';
const DENY_B = 'servers:\n  denylist: [b]\n';

describe('where the policy comes from', () => {
  it('reads $HOME/.config/gatehouse/policy.yaml when XDG_CONFIG_HOME is unset', () => {
    const world = createWorld();
    world.write(world.userYaml, DENY_A);
    const policy = world.load();
    expect(policy.serverAllowed('a')).toBe(false);
    expect(policy.sources).toEqual([
      { path: world.userYaml, kind: 'user', exists: true, used: true },
      { path: world.userJson, kind: 'user', exists: false, used: false },
      { path: world.pmcpYaml, kind: 'pmcp', exists: false, used: false },
      { path: join(world.home, '.claude', 'gateway-policy.json'), kind: 'pmcp', exists: false, used: false },
      { path: world.projectYaml, kind: 'project', exists: false, used: false },
      { path: join(world.project, '.gatehouse', 'policy.json'), kind: 'project', exists: false, used: false },
    ]);
  });

  it('honours an absolute XDG_CONFIG_HOME and ignores a relative one', () => {
    const world = createWorld();
    const xdg = join(world.root, 'xdg');
    world.write(join(xdg, 'gatehouse', 'policy.yaml'), DENY_A);
    world.write(world.userYaml, DENY_B);
    expect(world.load({ env: { XDG_CONFIG_HOME: xdg } }).serverAllowed('a')).toBe(false);
    expect(world.load({ env: { XDG_CONFIG_HOME: xdg } }).serverAllowed('b')).toBe(true);
    expect(world.load({ env: { XDG_CONFIG_HOME: 'relative/dir' } }).serverAllowed('b')).toBe(false);
  });

  it('uses %APPDATA% on Windows when XDG_CONFIG_HOME is unset', () => {
    const world = createWorld();
    const appData = join(world.root, 'AppData', 'Roaming');
    world.write(join(appData, 'gatehouse', 'policy.yaml'), DENY_A);
    expect(world.load({ platform: 'win32', env: { APPDATA: appData } }).serverAllowed('a')).toBe(false);
    expect(world.load({ platform: 'linux', env: { APPDATA: appData } }).serverAllowed('a')).toBe(true);
  });

  it('reads policy.json when there is no policy.yaml', () => {
    const world = createWorld();
    world.write(world.userJson, JSON.stringify({ servers: { denylist: ['a'] } }));
    const policy = world.load();
    expect(policy.error).toBeNull();
    expect(policy.serverAllowed('a')).toBe(false);
    expect(policy.sources.filter((source) => source.used).map((source) => source.path)).toEqual([world.userJson]);
  });

  it('prefers policy.yaml over policy.json and warns that the JSON file is ignored', () => {
    const world = createWorld();
    world.write(world.userYaml, DENY_A);
    world.write(world.userJson, JSON.stringify({ servers: { denylist: ['b'] } }));
    const policy = world.load();
    expect(policy.serverAllowed('a')).toBe(false);
    expect(policy.serverAllowed('b')).toBe(true);
    expect(policy.warnings).toEqual([`${world.userJson} is ignored: ${world.userYaml} is used instead`]);
  });

  it("falls back to PMCP's ~/.claude/gateway-policy.yaml until a Gatehouse user policy exists", () => {
    const world = createWorld();
    world.write(world.pmcpYaml, 'servers:\n  allowlist: []\n  denylist:\n    - dangerous-server\ntools:\n  denylist:\n    - "*::delete_*"\n');
    const before = world.load();
    expect(before.serverAllowed('dangerous-server')).toBe(false);
    expect(before.toolAllowed('fs', 'delete_file')).toBe(false);
    expect(before.sources.find((source) => source.used)).toEqual({ path: world.pmcpYaml, kind: 'pmcp', exists: true, used: true });

    world.write(world.userYaml, DENY_A);
    const after = world.load();
    expect(after.serverAllowed('dangerous-server')).toBe(true);
    expect(after.sources.find((source) => source.kind === 'pmcp' && source.path === world.pmcpYaml)).toEqual({
      path: world.pmcpYaml,
      kind: 'pmcp',
      exists: true,
      used: false,
    });
  });

  it('uses an explicit path instead of every discovered base file, then still narrows by the project file', () => {
    const world = createWorld();
    const explicit = world.write(join(world.root, 'team-policy.yaml'), DENY_A);
    world.write(world.userYaml, DENY_B);
    world.write(world.projectYaml, 'tools:\n  denylist: ["*::rm"]\n');
    const policy = world.load({ explicitPath: explicit });
    expect(policy.serverAllowed('a')).toBe(false);
    expect(policy.serverAllowed('b')).toBe(true);
    expect(policy.toolAllowed('fs', 'rm')).toBe(false);
    expect(policy.sources).toEqual([
      { path: explicit, kind: 'explicit', exists: true, used: true },
      { path: world.projectYaml, kind: 'project', exists: true, used: true },
      { path: join(world.project, '.gatehouse', 'policy.json'), kind: 'project', exists: false, used: false },
    ]);
  });

  it('takes GATEHOUSE_POLICY when no --policy is given, and --policy over GATEHOUSE_POLICY', () => {
    const world = createWorld();
    const fromEnv = world.write(join(world.root, 'env.yaml'), DENY_A);
    const fromFlag = world.write(join(world.root, 'flag.json'), JSON.stringify({ servers: { denylist: ['b'] } }));
    const envOnly = world.load({ env: { GATEHOUSE_POLICY: fromEnv } });
    expect(envOnly.serverAllowed('a')).toBe(false);
    expect(envOnly.sources[0]).toEqual({ path: fromEnv, kind: 'explicit', exists: true, used: true });
    const both = world.load({ env: { GATEHOUSE_POLICY: fromEnv }, explicitPath: fromFlag });
    expect(both.serverAllowed('a')).toBe(true);
    expect(both.serverAllowed('b')).toBe(false);
  });

  it('fails closed when the explicit file does not exist', () => {
    const world = createWorld();
    world.write(world.userYaml, DENY_A);
    const missing = join(world.root, 'nope.yaml');
    const policy = world.load({ explicitPath: missing });
    expect(policy.error?.message).toBe(`E102 invalid policy: ${missing}: file not found (named by --policy or GATEHOUSE_POLICY)`);
    expect(policy.serverAllowed('b')).toBe(false);
  });

  it('has no project sources outside a project', () => {
    const world = createWorld();
    const policy = world.load({ projectRoot: null });
    expect(policy.sources.some((source) => source.kind === 'project')).toBe(false);
  });

  it('fails closed when the policy path is a folder', () => {
    const world = createWorld();
    mkdirSync(world.userYaml, { recursive: true });
    const policy = world.load();
    expect(policy.error?.message).toBe(`E102 invalid policy: ${world.userYaml}: is a folder, not a regular file`);
  });
});

describe('digest', () => {
  it('is the same for the same rules in YAML and JSON, and changes when a rule changes', () => {
    const world = createWorld();
    world.write(world.userYaml, '# comment\nservers:\n  denylist: [a]\nlimits: {max_output_bytes: 100}\n');
    const yaml = world.load().digest;
    const other = createWorld();
    other.write(other.userJson, JSON.stringify({ limits: { max_output_bytes: 100 }, servers: { denylist: ['a'] } }));
    expect(other.load().digest).toBe(yaml);
    expect(yaml).toMatch(/^[0-9a-f]{64}$/);

    world.write(world.userYaml, 'servers:\n  denylist: [a, b]\nlimits: {max_output_bytes: 100}\n');
    expect(world.load().digest).not.toBe(yaml);
  });

  it('differs between no policy, an allow-all file with tighter limits, and an invalid file', () => {
    const none = createWorld().load().digest;
    const world = createWorld();
    world.write(world.userYaml, 'limits: {max_output_tokens: 10}\n');
    const limited = world.load().digest;
    world.write(world.userYaml, 'limits: {max_output_tokens: "ten"}\n');
    const invalid = world.load().digest;
    expect(new Set([none, limited, invalid]).size).toBe(3);
  });
});

describe('policyDiagnostics', () => {
  it('reports digest, the files in effect and no error for a valid policy', () => {
    const world = createWorld();
    world.write(world.userYaml, DENY_A);
    world.write(world.projectYaml, DENY_B);
    const policy = world.load();
    expect(policyDiagnostics(policy)).toEqual({
      policy_digest: policy.digest,
      policy_source: `${world.userYaml} + ${world.projectYaml}`,
      policy_error: null,
    });
  });

  it('reports no source without files and the E102 message for an invalid file', () => {
    expect(policyDiagnostics(createWorld().load()).policy_source).toBeNull();
    const world = createWorld();
    world.write(world.userYaml, 'servers: 3\n');
    expect(policyDiagnostics(world.load()).policy_error).toBe(
      `E102 invalid policy: ${world.userYaml}:1:10: "servers" must be a mapping, not the number 3`,
    );
  });
});
