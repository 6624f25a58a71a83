// Temporary home and project folders with real policy files, so every test goes through the real
// discovery, file reading and parsing, and none can see the real user's policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { loadPolicy, type LoadedPolicy, type LoadPolicyOptions } from '../../../src/main/policy';

export interface PolicyWorld {
  root: string;
  home: string;
  project: string;
  /** $HOME/.config/gatehouse/policy.yaml (the default user policy path). */
  userYaml: string;
  userJson: string;
  pmcpYaml: string;
  projectYaml: string;
  write(path: string, text: string): string;
  load(overrides?: Partial<LoadPolicyOptions>): LoadedPolicy;
}

const worlds: string[] = [];
afterEach(() => {
  for (const root of worlds.splice(0)) rmSync(root, { recursive: true, force: true });
});

export function createWorld(): PolicyWorld {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-policy-'));
  worlds.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  return {
    root,
    home,
    project,
    userYaml: join(home, '.config', 'gatehouse', 'policy.yaml'),
    userJson: join(home, '.config', 'gatehouse', 'policy.json'),
    pmcpYaml: join(home, '.claude', 'gateway-policy.yaml'),
    projectYaml: join(project, '.gatehouse', 'policy.yaml'),
    write(path, text) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    load: (overrides = {}) => loadPolicy({ env: {}, homeDir: home, projectRoot: project, platform: 'linux', ...overrides }),
  };
}

/** A policy from one user YAML file. */
export function userPolicy(yaml: string): LoadedPolicy {
  const world = createWorld();
  world.write(world.userYaml, yaml);
  return world.load();
}
