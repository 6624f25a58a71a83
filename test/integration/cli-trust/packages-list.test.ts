// `gatehouse trust approve-package|revoke-package|list`: only an exactly pinned version is approved,
// stored in the spelling provisioning looks up (policySpec), and `list` shows every approval.
import { appendFileSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { policySpec } from '../../../src/main/discovery/package-spec';
import { packageApproved } from '../../../src/main/trust/store';
import { requireBuild } from '../../helpers/cli-process';
import { startPackageRegistry, type PackageRegistry, type Release } from '../../helpers/package-registry';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { gatehouseAsync, json, trustJson, type CliRun } from './run';

// The releases the loopback registries have: approving asks the package's registry first, offline here.
const RELEASES: Release[] = [
  { type: 'npm', name: '@scope/name', version: '1.2.3', description: 'A scoped test package', published: '2026-11-02T09:30:00.000Z', homepage: 'https://example.com/scope-name' },
  { type: 'npm', name: 'left-pad', version: '1.3.0', description: 'String left pad', published: '2018-04-09T00:00:00.000Z', homepage: 'https://example.com/left-pad' },
  { type: 'pypi', name: 'mcp-server-time', version: '1.0', description: 'Time and time zones', published: '2026-10-19T12:00:00', homepage: 'https://example.com/time' },
];

let workspace: Workspace;
let registry: PackageRegistry;
beforeEach(async () => {
  requireBuild();
  workspace = createWorkspace();
  registry = await startPackageRegistry(RELEASES);
});
afterEach(async () => {
  workspace.cleanup();
  await registry.close();
});

const gatehouse = (ws: Workspace, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> => gatehouseAsync(ws, args, { env: { ...registry.env(), ...options.env } });

it("shows the registry's word on the exact release before asking, and never approves one it does not have", async () => {
  const shown = await gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3']);
  expect(shown.stdout).toContain('Package npm:@scope/name@1.2.3\n  registry:  @scope/name 1.2.3, published 2026-11-02\n  about:     A scoped test package\n  homepage:  https://example.com/scope-name\n  runs as:   npx -y @scope/name@1.2.3');
  const pypi = json(await gatehouse(workspace, ['trust', 'approve-package', 'pypi:mcp-server-time==1.0', '--yes', '--json']));
  expect(pypi).toMatchObject({ ok: true, result: 'approved', registry: { name: 'mcp-server-time', version: '1.0', description: 'Time and time zones', published: '2026-10-19T12:00:00', homepage: 'https://example.com/time' } });

  for (const spec of ['npm:@scope/name@9.9.9', 'npm:@scope/absent@1.0.0', 'pypi:mcp-server-time==9.9']) {
    const missing = await gatehouse(workspace, ['trust', 'approve-package', spec, '--yes']);
    expect(missing.code, spec).toBe(1);
    expect(missing.stderr, spec).toContain('is not a release its registry has');
    expect(trustJson(workspace).packages ?? {}).not.toHaveProperty(spec);
  }

  // A registry that cannot be reached is said plainly; the operator may still approve what they know.
  const offline = await gatehouse(workspace, ['trust', 'approve-package', 'npm:left-pad@1.3.0', '--yes'], { env: { npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' } });
  expect(offline.code).toBe(0);
  expect(offline.stdout).toMatch(/registry: {2}not reachable \(npm view failed: .+\); approve only a release you know/);
  expect(packageApproved(workspace.stateDir, 'npm:left-pad@1.3.0')).toBe(true);
});

it('refuses a package without an exact version (64) and writes nothing', async () => {
  const cases: [string, string][] = [
    ['npm:@scope/name', 'names no version: an approval is for one exact version, as in npm:@scope/name@1.0.0'],
    ['pypi:requests', 'as in pypi:requests==1.0.0'],
    ['npm:left-pad@^1.3.0', 'is not an exact version (ranges and tags are refused)'],
    ['pypi:requests@latest', 'is not an exact version'],
    ['npm:--evil@1.0.0', 'is not a valid npm package name'],
  ];
  for (const [spec, message] of cases) {
    const run = await gatehouse(workspace, ['trust', 'approve-package', spec, '--yes']);
    expect(run.code, spec).toBe(64);
    expect(run.stderr).toContain(message);
  }
  expect((await gatehouse(workspace, ['trust', 'approve-package', '--yes'])).code).toBe(64);
  expect(trustJson(workspace)).toEqual({});
});

it('approves a pinned version under the spelling provisioning checks, once', async () => {
  const refused = await gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3']);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toContain('runs as:   npx -y @scope/name@1.2.3');
  expect(refused.stderr).toContain('there is no terminal to confirm on');
  expect(trustJson(workspace)).toEqual({});

  const npm = await gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3', '--yes']);
  expect(npm.code).toBe(0);
  expect(npm.stdout).toContain('Approved npm:@scope/name@1.2.3. Only this exact version is approved');
  // `pypi:name@1.0` is written as policySpec spells it: the string provision-target.ts looks up.
  const pypi = await gatehouse(workspace, ['trust', 'approve-package', 'pypi:mcp-server-time@1.0', '--yes', '--json']);
  expect(json(pypi)).toMatchObject({ ok: true, spec: 'pypi:mcp-server-time==1.0', result: 'approved' });
  for (const ref of [{ type: 'npm', name: '@scope/name', version: '1.2.3' }, { type: 'pypi', name: 'mcp-server-time', version: '1.0' }] as const) {
    expect(packageApproved(workspace.stateDir, policySpec(ref))).toBe(true);
  }
  expect(packageApproved(workspace.stateDir, 'npm:@scope/name@1.2.4')).toBe(false);

  const again = await gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3', '--yes']);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('npm:@scope/name@1.2.3 is already approved; nothing changed.');

  const revoked = await gatehouse(workspace, ['trust', 'revoke-package', 'pypi:mcp-server-time==1.0']);
  expect(revoked.code).toBe(0);
  expect(packageApproved(workspace.stateDir, 'pypi:mcp-server-time==1.0')).toBe(false);
  const none = await gatehouse(workspace, ['trust', 'revoke-package', 'pypi:mcp-server-time==1.0']);
  expect(none.code).toBe(1);
  expect(none.stderr).toContain('has no approval; nothing changed');
});

it('lists every approval: files with digest, time and whether they still match, and packages', async () => {
  const empty = await gatehouse(workspace, ['trust', 'list']);
  expect(empty.code).toBe(0);
  expect(empty.stdout).toContain(`No approvals in ${workspace.stateDir}/trust.json.`);

  const path = workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
  expect((await gatehouse(workspace, ['trust', 'approve-package', 'npm:left-pad@1.3.0', '--yes'])).code).toBe(0);
  const digest = trustJson(workspace).files?.[realpathSync(path)]?.sha256 ?? '';
  const listed = await gatehouse(workspace, ['trust', 'list']);
  expect(listed.code).toBe(0);
  expect(listed.stdout).toMatch(new RegExp(`${realpathSync(path)}\\s+${digest.slice(0, 12)}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\s+matches`));
  expect(listed.stdout).toMatch(/npm:left-pad@1\.3\.0\s+\d{4}-/);

  appendFileSync(path, '\n');
  const report = json<{ files: { path: string; sha256: string; current: string }[]; packages: { spec: string }[] }>(await gatehouse(workspace, ['trust', 'list', '--json']));
  expect(report.files).toEqual([expect.objectContaining({ path: realpathSync(path), sha256: digest, current: 'changed' })]);
  expect(report.packages).toEqual([expect.objectContaining({ spec: 'npm:left-pad@1.3.0' })]);
});

it('warns when trust.json is unreadable instead of silently showing nothing approved', async () => {
  mkdirSync(workspace.stateDir, { recursive: true });
  writeFileSync(join(workspace.stateDir, 'trust.json'), 'not json');
  const run = await gatehouse(workspace, ['trust', 'list']);
  expect(run.code).toBe(0);
  expect(run.stderr).toContain(`warning: ${join(workspace.stateDir, 'trust.json')}: invalid JSON`);
  expect(run.stderr).toContain('every file and package counts as unapproved');
});

it('dispatches: an unknown subcommand is a usage error', async () => {
  const run = await gatehouse(workspace, ['trust', 'aprove']);
  expect(run.code).toBe(64);
  expect(run.stderr).toContain('unknown trust subcommand "aprove"');
});
