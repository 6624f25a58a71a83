// The policy's Gatehouse sections for the protocol passthrough: `relays` (may a server's sampling or
// elicitation request reach the client whose call it serves) and `exposure` (which downstream tools a
// client sees directly in tools/list). Both through real files: discovery, parsing, validation, layering.
import { describe, expect, it } from 'vitest';
import { createWorld, userPolicy } from './policy-world';

describe('relays', () => {
  it('allows every relay without a relays section', () => {
    const policy = userPolicy('{}');
    expect(policy.decideRelay('everything', 'sampling')).toEqual({ allowed: true });
    expect(policy.decideRelay('everything', 'elicitation')).toEqual({ allowed: true });
  });

  it('denies one kind by server::kind, or every kind by the bare server name', () => {
    const policy = userPolicy('relays:\n  denylist: ["everything::sampling", "untrusted-*"]\n');
    expect(policy.decideRelay('everything', 'sampling')).toMatchObject({ allowed: false, code: 'E402', message: expect.stringContaining("sampling requests from server 'everything'") });
    expect(policy.decideRelay('everything', 'elicitation').allowed).toBe(true);
    expect(policy.decideRelay('untrusted-web', 'elicitation').allowed).toBe(false);
  });

  it('lets an allowlist name the servers that may ask', () => {
    const policy = userPolicy('relays:\n  allowlist: ["everything"]\n');
    expect(policy.decideRelay('everything', 'sampling').allowed).toBe(true);
    expect(policy.decideRelay('other', 'sampling').allowed).toBe(false);
  });

  it('denies relays of a denied server with the server answer', () => {
    const policy = userPolicy('servers:\n  denylist: ["everything"]\n');
    expect(policy.decideRelay('everything', 'sampling')).toMatchObject({ allowed: false, code: 'E401' });
  });

  it('lets a project file add denials (it only narrows)', () => {
    const world = createWorld();
    world.write(world.userYaml, '{}');
    world.write(world.projectYaml, 'relays:\n  denylist: ["*::elicitation"]\n');
    const policy = world.load();
    expect(policy.decideRelay('everything', 'elicitation').allowed).toBe(false);
    expect(policy.decideRelay('everything', 'sampling').allowed).toBe(true);
  });
});

describe('exposure', () => {
  it('is progressive for everyone by default', () => {
    const policy = userPolicy('{}');
    expect(policy.exposure.progressiveOnly).toBe(true);
    expect(policy.exposure.modeFor('cursor', 'everything')).toBe('progressive');
  });

  it('takes the client setting first, then the server setting, then the default', () => {
    const policy = userPolicy(
      ['exposure:', '  mode: pinned', '  pinned: ["everything::echo", "git::*"]', '  servers: {"github*": aggregate}', '  clients: {"legacy-*": aggregate, "cursor": progressive}', ''].join('\n'),
    );
    expect(policy.error).toBeNull();
    expect(policy.exposure.progressiveOnly).toBe(false);
    expect(policy.exposure.modeFor('legacy-ide', 'everything')).toBe('aggregate');
    expect(policy.exposure.modeFor('cursor', 'github-enterprise')).toBe('progressive');
    expect(policy.exposure.modeFor('other', 'github-enterprise')).toBe('aggregate');
    expect(policy.exposure.modeFor(null, 'everything')).toBe('pinned');
    expect(policy.exposure.pinned('everything', 'echo')).toBe(true);
    expect(policy.exposure.pinned('everything', 'get-sum')).toBe(false);
    expect(policy.exposure.pinned('git', 'status')).toBe(true);
  });

  it('refuses an unknown mode and a bad glob with file and line', () => {
    const mode = userPolicy('exposure:\n  mode: everything\n');
    expect(mode.error?.message).toMatch(/policy\.yaml:2:\d+: "exposure\.mode"/);
    const glob = userPolicy('exposure:\n  pinned: ["[unclosed"]\n');
    expect(glob.error?.message).toMatch(/policy\.yaml:2:\d+: bad glob in exposure\.pinned\[0\]/);
  });

  it('ignores exposure in a project file, with a warning', () => {
    const world = createWorld();
    world.write(world.userYaml, '{}');
    world.write(world.projectYaml, 'exposure:\n  mode: aggregate\n');
    const policy = world.load();
    expect(policy.exposure.modeFor('any', 'everything')).toBe('progressive');
    expect(policy.warnings.join('\n')).toMatch(/exposure is ignored in a project policy/);
  });

  it('changes the digest', () => {
    expect(userPolicy('exposure:\n  mode: aggregate\n').digest).not.toBe(userPolicy('{}').digest);
  });
});
