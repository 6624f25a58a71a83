// The project file (<project>/.gatehouse/policy.yaml) only narrows: allowlists intersect, denylists add,
// limits take the minimum, and it cannot drop the built-in redaction.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src/main/policy';
import { createWorld } from './policy-world';

function layered(user: string | null, project: string) {
  const world = createWorld();
  if (user !== null) world.write(world.userYaml, user);
  world.write(world.projectYaml, project);
  return { world, policy: world.load() };
}

describe('project narrowing', () => {
  it('intersects allowlists', () => {
    const { policy } = layered('servers:\n  allowlist: ["git*", slack]\n', 'servers:\n  allowlist: ["*hub", slack]\n');
    expect(policy.serverAllowed('github')).toBe(true);
    expect(policy.serverAllowed('slack')).toBe(true);
    expect(policy.serverAllowed('gitlab')).toBe(false);
    expect(policy.serverAllowed('dockerhub')).toBe(false);
  });

  it('cannot widen a user allowlist', () => {
    const { policy } = layered('tools:\n  allowlist: ["fs::read_*"]\n', 'tools:\n  allowlist: ["fs::read_*", "fs::write_*"]\n');
    expect(policy.toolAllowed('fs', 'read_file')).toBe(true);
    expect(policy.toolAllowed('fs', 'write_file')).toBe(false);
  });

  it('cannot lift a user deny', () => {
    const { policy } = layered('servers:\n  denylist: [evil]\n', 'servers:\n  allowlist: [evil]\n');
    expect(policy.serverAllowed('evil')).toBe(false);
    expect(policy.serverAllowed('other')).toBe(false);
  });

  it('adds denylists', () => {
    const { policy } = layered('tools:\n  denylist: ["*::delete_*"]\n', 'tools:\n  denylist: ["*::write_*"]\n');
    expect(policy.toolAllowed('fs', 'delete_file')).toBe(false);
    expect(policy.toolAllowed('fs', 'write_file')).toBe(false);
    expect(policy.toolAllowed('fs', 'read_file')).toBe(true);
  });

  it('applies an allowlist of its own when the user has none', () => {
    const { policy } = layered('gateway_tools:\n  denylist: [provision]\n', 'gateway_tools:\n  allowlist: ["gateway.health", invoke, provision]\n');
    expect(policy.gatewayToolAllowed('gateway.invoke')).toBe(true);
    expect(policy.gatewayToolAllowed('gateway.health')).toBe(true);
    expect(policy.gatewayToolAllowed('gateway.provision')).toBe(false);
    expect(policy.gatewayToolAllowed('gateway.describe')).toBe(false);
  });

  it('narrows even with no user policy at all', () => {
    const { world, policy } = layered(null, 'servers:\n  denylist: [slack]\n');
    expect(policy.serverAllowed('slack')).toBe(false);
    expect(policy.serverAllowed('github')).toBe(true);
    expect(policy.sources.filter((source) => source.used)).toEqual([{ path: world.projectYaml, kind: 'project', exists: true, used: true }]);
  });

  it('takes the minimum of each limit and never raises one', () => {
    const { policy } = layered(
      'limits:\n  max_output_bytes: 200000\n  max_output_tokens: 1000\n',
      'limits:\n  max_output_bytes: 80000\n  max_output_tokens: 9000\n  max_binary_bytes: 1024\n',
    );
    expect(policy.limits).toEqual({
      max_tools_per_server: DEFAULT_LIMITS.max_tools_per_server,
      max_output_bytes: 80000,
      max_output_tokens: 1000,
      max_binary_bytes: 1024,
    });
  });

  it('cannot raise a default limit when the user file is silent', () => {
    const { policy } = layered('servers: {}\n', 'limits:\n  max_tools_per_server: 500\n  max_output_tokens: 100\n');
    expect(policy.limits.max_tools_per_server).toBe(100);
    expect(policy.limits.max_output_tokens).toBe(100);
  });

  it('cannot add redaction patterns: only the user ones and the built-ins apply', () => {
    const { policy } = layered('redaction:\n  patterns: ["user_code=\\\\S+"]\n', 'redaction:\n  patterns: ["proj_code=\\\\S+"]\n');
    expect(policy.redactText('user_code=1 proj_code=2 password=3')).toBe('user_code= [REDACTED] proj_code=2 password= [REDACTED]');
  });

  it('ignores replace_defaults in the project file, with a warning', () => {
    const { world, policy } = layered(null, 'redaction:\n  replace_defaults: true\n  patterns: ["proj=\\\\S+"]\n');
    expect(policy.error).toBeNull();
    expect(policy.redactText('api_key=abc123 proj=x')).toBe('api_key= [REDACTED] proj=x');
    expect(policy.warnings).toEqual([
      `${world.projectYaml}: redaction.replace_defaults is ignored in a project policy (a project policy can only narrow)`,
      `${world.projectYaml}: redaction.patterns (1) are ignored in a project policy: a cloned project cannot add code-like rules; put them in your own policy.yaml`,
    ]);
  });

  it('changes the digest when a project file narrows', () => {
    const world = createWorld();
    world.write(world.userYaml, 'servers:\n  denylist: [a]\n');
    const before = world.load().digest;
    world.write(world.projectYaml, 'servers:\n  denylist: [b]\n');
    expect(world.load().digest).not.toBe(before);
  });
});
