import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src/main/policy';
import { createWorld, userPolicy } from './policy-world';

describe('no policy file', () => {
  it('allows everything with the default limits', () => {
    const policy = createWorld().load();
    expect(policy.error).toBeNull();
    expect(policy.limits).toEqual({ max_tools_per_server: 100, max_output_bytes: 50000, max_output_tokens: 4000, max_binary_bytes: 5242880 });
    expect(policy.limits).toEqual(DEFAULT_LIMITS);
    expect(policy.serverAllowed('anything')).toBe(true);
    expect(policy.toolAllowed('fs', 'delete_file')).toBe(true);
    expect(policy.resourceAllowed('fs', 'file:///etc/passwd')).toBe(true);
    expect(policy.promptAllowed('git', 'review')).toBe(true);
    expect(policy.gatewayToolAllowed('gateway.invoke')).toBe(true);
    expect(policy.packageAllowed('npm:left-pad@1.0.0')).toBe(true);
    expect(policy.decideTool('fs', 'delete_file')).toEqual({ allowed: true });
  });
});

describe('servers', () => {
  it('denies a denylisted server and allows the rest when the allowlist is empty', () => {
    const policy = userPolicy('servers:\n  denylist: [dangerous-server]\n');
    expect(policy.serverAllowed('dangerous-server')).toBe(false);
    expect(policy.serverAllowed('github')).toBe(true);
  });

  it('requires a match of a non-empty allowlist', () => {
    const policy = userPolicy('servers:\n  allowlist: ["git*", filesystem]\n');
    expect(policy.serverAllowed('github')).toBe(true);
    expect(policy.serverAllowed('gitlab')).toBe(true);
    expect(policy.serverAllowed('filesystem')).toBe(true);
    expect(policy.serverAllowed('slack')).toBe(false);
  });

  it('lets the denylist beat the allowlist', () => {
    const policy = userPolicy('servers:\n  allowlist: ["git*"]\n  denylist: [gitlab]\n');
    expect(policy.serverAllowed('github')).toBe(true);
    expect(policy.serverAllowed('gitlab')).toBe(false);
  });

  it('matches case-sensitively: "Secret*" misses "secretserver"', () => {
    const policy = userPolicy('servers:\n  denylist: ["Secret*"]\n');
    expect(policy.serverAllowed('secretserver')).toBe(true);
    expect(policy.serverAllowed('SecretServer')).toBe(false);
  });

  it('answers a denied server with E401 and the contract wording', () => {
    const world = createWorld();
    world.write(world.userYaml, 'servers:\n  denylist: [evil]\n');
    const decision = world.load().decideServer('evil');
    expect(decision).toEqual({
      allowed: false,
      code: 'E401',
      message: "Server 'evil' is blocked by policy.",
      suggestion: `servers.allowlist/denylist in ${world.userYaml} excludes it; ask the operator to change the policy`,
    });
  });
});

describe('tools, resources and prompts', () => {
  it('matches "server::tool" with * crossing "::"', () => {
    const policy = userPolicy('tools:\n  denylist: ["*::delete_*", "*drop*"]\n');
    expect(policy.toolAllowed('fs', 'delete_file')).toBe(false);
    expect(policy.toolAllowed('db', 'drop_table')).toBe(false);
    expect(policy.toolAllowed('db', 'select')).toBe(true);
    expect(policy.toolAllowed('fs', 'read_file')).toBe(true);
  });

  it('requires an allowlisted tool and lets a denied one lose even when allowlisted', () => {
    const policy = userPolicy(
      'tools:\n  allowlist: ["tenant::get_*", "tenant::cancel_*", "tenant::run_script"]\n  denylist: ["tenant::run_script"]\n',
    );
    expect(policy.toolAllowed('tenant', 'get_status')).toBe(true);
    expect(policy.toolAllowed('tenant', 'cancel_job')).toBe(true);
    expect(policy.toolAllowed('tenant', 'run_script')).toBe(false);
    expect(policy.toolAllowed('tenant', 'delete_all')).toBe(false);
    expect(policy.toolAllowed('other', 'get_status')).toBe(false);
  });

  it('denies the tools of a denied server with the server decision (E401)', () => {
    const policy = userPolicy('servers:\n  denylist: [evil]\n');
    expect(policy.toolAllowed('evil', 'harmless')).toBe(false);
    expect(policy.decideTool('evil', 'harmless')).toMatchObject({ allowed: false, code: 'E401' });
    expect(policy.resourceAllowed('evil', 'x://y')).toBe(false);
    expect(policy.promptAllowed('evil', 'p')).toBe(false);
  });

  it('answers a denied tool with E402 naming the tool id', () => {
    const policy = userPolicy('tools:\n  denylist: ["*::delete_*"]\n');
    expect(policy.decideTool('fs', 'delete_file')).toMatchObject({
      allowed: false,
      code: 'E402',
      message: "Tool 'fs::delete_file' is blocked by policy.",
    });
  });

  it('matches resources as "server::uri", with * crossing "/"', () => {
    const policy = userPolicy('resources:\n  denylist: ["fs::file:///etc/*"]\n');
    expect(policy.resourceAllowed('fs', 'file:///etc/passwd')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///home/u/notes.txt')).toBe(true);
    expect(policy.decideResource('fs', 'file:///etc/passwd')).toMatchObject({
      code: 'E402',
      message: "Resource 'fs::file:///etc/passwd' is blocked by policy.",
    });
  });

  it('denies every spelling of a denied resource URI: scheme case, escapes, dot segments, localhost', () => {
    const policy = userPolicy('resources:\n  denylist: ["fs::file:///etc/passwd"]\n');
    for (const uri of [
      'FILE:///etc/passwd',
      'File:///etc/passwd',
      'file:///etc/../etc/passwd',
      'file:///etc/./passwd',
      'file:///etc/%70asswd',
      'file:///etc/%70%61%73%73%77%64',
      'file:///%65tc/passwd',
      'file://localhost/etc/passwd',
      'file://LocalHost/etc/passwd',
      'file:///etc//passwd',
      'file:////etc/passwd',
      'file:///etc%2Fpasswd',
      'file:///tmp/..%2F..%2Fetc/passwd',
      'file:///tmp/%252E%252E/etc/passwd',
      'file:///tmp/..%5Cetc/passwd',
      'file:///etc/passwd/',
      'file:///etc/passwd/.',
      'file:///etc/passwd%00.txt',
    ]) {
      expect(policy.resourceAllowed('fs', uri), uri).toBe(false);
      expect(policy.decideResource('fs', uri), uri).toMatchObject({ allowed: false, code: 'E402', message: `Resource 'fs::${uri}' is blocked by policy.` });
    }
    expect(policy.resourceAllowed('fs', 'file:///etc/passwd.bak')).toBe(true);
    expect(policy.resourceAllowed('fs', 'file:///etc/hosts')).toBe(true);
    expect(policy.resourceAllowed('other', 'file:///etc/passwd')).toBe(true);
  });

  it('keeps an allowlisted resource tree from being left through dot segments, hidden or not', () => {
    const policy = userPolicy('resources:\n  allowlist: ["fs::file:///home/user/*"]\n');
    expect(policy.resourceAllowed('fs', 'file:///home/user/notes.txt')).toBe(true);
    expect(policy.resourceAllowed('fs', 'FILE:///home/user/notes.txt')).toBe(true);
    expect(policy.resourceAllowed('fs', 'file:///home/user/my%20notes.txt')).toBe(true);
    expect(policy.resourceAllowed('fs', 'file:///home/user/a%2Fb.txt')).toBe(true);
    expect(policy.resourceAllowed('fs', 'file:///home/user/../../etc/passwd')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///home/user/%2E%2E/%2E%2E/etc/passwd')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///home/user/..%2F..%2Fetc/passwd')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///home/user/%252E%252E/%252E%252E/etc/passwd')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///home/user/..\\..\\etc/passwd')).toBe(false);
    expect(policy.resourceAllowed('fs', 'file:///home/other/x')).toBe(false);
  });

  it('matches prompts as "server::name"', () => {
    const policy = userPolicy('prompts:\n  allowlist: ["git::review_?"]\n');
    expect(policy.promptAllowed('git', 'review_a')).toBe(true);
    expect(policy.promptAllowed('git', 'review_ab')).toBe(false);
    expect(policy.decidePrompt('git', 'summarise')).toMatchObject({ code: 'E402', message: "Prompt 'git::summarise' is blocked by policy." });
  });
});

describe('gateway_tools', () => {
  it('accepts "invoke" and "gateway.invoke" in the file and in the question', () => {
    const policy = userPolicy('gateway_tools:\n  denylist: [invoke, gateway.provision]\n');
    expect(policy.gatewayToolAllowed('gateway.invoke')).toBe(false);
    expect(policy.gatewayToolAllowed('invoke')).toBe(false);
    expect(policy.gatewayToolAllowed('gateway.provision')).toBe(false);
    expect(policy.gatewayToolAllowed('provision')).toBe(false);
    expect(policy.gatewayToolAllowed('gateway.health')).toBe(true);
  });

  it('uses an allowlist written with either spelling or a glob', () => {
    const policy = userPolicy('gateway_tools:\n  allowlist: [health, "gateway.catalog_*", "gateway.describe"]\n');
    expect(policy.gatewayToolAllowed('gateway.health')).toBe(true);
    expect(policy.gatewayToolAllowed('gateway.catalog_search')).toBe(true);
    expect(policy.gatewayToolAllowed('describe')).toBe(true);
    expect(policy.gatewayToolAllowed('gateway.invoke')).toBe(false);
  });

  it('refuses with the literal "Gateway tool blocked by policy: <name>"', () => {
    const policy = userPolicy('gateway_tools:\n  denylist: ["gateway.refresh"]\n');
    expect(policy.decideGatewayTool('gateway.refresh')).toMatchObject({
      allowed: false,
      code: 'E402',
      message: 'Gateway tool blocked by policy: gateway.refresh',
    });
    expect(policy.decideGatewayTool('gateway.health')).toEqual({ allowed: true });
  });
});

describe('packages', () => {
  it('matches npm and pypi specs, with a version-less glob covering every version', () => {
    const policy = userPolicy('packages:\n  denylist: ["npm:evil-*", "pypi:badpkg"]\n');
    expect(policy.packageAllowed('npm:evil-tool@1.2.3')).toBe(false);
    expect(policy.packageAllowed('npm:evil-tool')).toBe(false);
    expect(policy.packageAllowed('pypi:badpkg==2.0')).toBe(false);
    expect(policy.packageAllowed('pypi:badpkg')).toBe(false);
    expect(policy.packageAllowed('pypi:goodpkg>=1')).toBe(true);
    expect(policy.packageAllowed('npm:left-pad@^1.0.0')).toBe(true);
  });

  it('handles scoped npm names and version globs in an allowlist', () => {
    const policy = userPolicy('packages:\n  allowlist: ["npm:@modelcontextprotocol/*", "npm:left-pad@1.*"]\n');
    expect(policy.packageAllowed('npm:@modelcontextprotocol/server-everything@2026.8.31')).toBe(true);
    expect(policy.packageAllowed('npm:@evil/server@1.0.0')).toBe(false);
    expect(policy.packageAllowed('npm:left-pad@1.3.0')).toBe(true);
    expect(policy.packageAllowed('npm:left-pad@2.0.0')).toBe(false);
    expect(policy.packageAllowed('pypi:anything')).toBe(false);
  });
});

describe('limits and the output budget', () => {
  it('fills missing limits with the defaults', () => {
    const policy = userPolicy('limits:\n  max_output_bytes: 1000\n');
    expect(policy.limits).toEqual({ ...DEFAULT_LIMITS, max_output_bytes: 1000 });
  });

  it('takes the tightest of max_output_chars and max_output_tokens * 4', () => {
    const policy = userPolicy('limits:\n  max_output_tokens: 100\n  max_output_bytes: 9000\n  max_binary_bytes: 10\n');
    expect(policy.outputBudget()).toEqual({ max_bytes: 9000, max_chars: 400, max_binary_bytes: 10 });
    expect(policy.outputBudget(null)).toEqual({ max_bytes: 9000, max_chars: 400, max_binary_bytes: 10 });
    expect(policy.outputBudget(150)).toEqual({ max_bytes: 9000, max_chars: 150, max_binary_bytes: 10 });
    expect(policy.outputBudget(5000)).toEqual({ max_bytes: 9000, max_chars: 400, max_binary_bytes: 10 });
  });
});

describe('remembered answers', () => {
  it('answers the same question with the same decision, and each question on its own', () => {
    const policy = userPolicy('tools:\n  denylist: ["fs::delete_*"]\n');
    const denied = policy.decideTool('fs', 'delete_file');
    expect(denied).toMatchObject({ allowed: false, code: 'E402' });
    expect(policy.decideTool('fs', 'delete_file')).toBe(denied); // kept, not matched again
    expect(policy.decideTool('fs', 'read_file')).toEqual({ allowed: true });
    // "fs" + "delete_file" and "fs::delete" + "_file" must not share an answer.
    expect(policy.decideTool('fs::delete', '_file').allowed).toBe(true);
    expect(policy.decideGatewayTool('invoke')).toBe(policy.decideGatewayTool('invoke'));
  });
});
