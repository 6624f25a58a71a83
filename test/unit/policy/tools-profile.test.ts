// gateway_tools.profile (issue 15): which meta-tools tools/list shows. Core by default; the base policy file
// or GATEHOUSE_TOOLS_PROFILE can ask for full; a project file (cloned, unapproved) can narrow to core but
// not widen; a bad value in a file is an invalid policy like any other.
import { describe, expect, it } from 'vitest';
import { createWorld } from './policy-world';

describe('gateway_tools.profile', () => {
  it('is core when nothing says otherwise', () => {
    expect(createWorld().load().gatewayToolsProfile).toBe('core');
  });

  it('is full when the user policy says so, beside its allow and deny lists', () => {
    const world = createWorld();
    world.write(world.userYaml, 'gateway_tools:\n  denylist: ["gateway.refresh"]\n  profile: full\n');
    const policy = world.load();
    expect(policy.error).toBeNull();
    expect(policy.gatewayToolsProfile).toBe('full');
    expect(policy.gatewayToolAllowed('gateway.refresh')).toBe(false);
  });

  it('lets a project file narrow it to core but not widen it to full', () => {
    const narrowed = createWorld();
    narrowed.write(narrowed.userYaml, 'gateway_tools:\n  profile: full\n');
    narrowed.write(narrowed.projectYaml, 'gateway_tools:\n  profile: core\n');
    expect(narrowed.load().gatewayToolsProfile).toBe('core');
    const widened = createWorld();
    widened.write(widened.projectYaml, 'gateway_tools:\n  profile: full\n');
    expect(widened.load().gatewayToolsProfile).toBe('core');
  });

  it('takes GATEHOUSE_TOOLS_PROFILE over the files, and ignores a value it does not know with a warning', () => {
    const world = createWorld();
    world.write(world.userYaml, 'gateway_tools:\n  profile: full\n');
    expect(world.load({ env: { GATEHOUSE_TOOLS_PROFILE: 'core' } }).gatewayToolsProfile).toBe('core');
    const unknown = world.load({ env: { GATEHOUSE_TOOLS_PROFILE: 'everything' } });
    expect(unknown.gatewayToolsProfile).toBe('full');
    expect(unknown.warnings.join('\n')).toContain('GATEHOUSE_TOOLS_PROFILE="everything" is neither core nor full');
  });

  it('makes the policy invalid (E102, with the place) for a value other than core or full', () => {
    const world = createWorld();
    world.write(world.userYaml, 'gateway_tools:\n  profile: all\n');
    const policy = world.load();
    expect(policy.error?.code).toBe('E102');
    expect(policy.error?.issues[0]).toMatchObject({ field: 'gateway_tools.profile', line: 2 });
  });
});
