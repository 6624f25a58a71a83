// `gatehouse trust approve-package|revoke-package|list`: only an exactly pinned version is approved,
// stored in the spelling provisioning looks up (policySpec), and `list` shows every approval.
import { appendFileSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { policySpec } from '../../../src/main/discovery/package-spec';
import { packageApproved } from '../../../src/main/trust/store';
import { requireBuild } from '../../helpers/cli-process';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { gatehouse, json, trustJson } from './run';

let workspace: Workspace;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

it('refuses a package without an exact version (64) and writes nothing', () => {
  const cases: [string, string][] = [
    ['npm:@scope/name', 'names no version: an approval is for one exact version, as in npm:@scope/name@1.0.0'],
    ['pypi:requests', 'as in pypi:requests==1.0.0'],
    ['npm:left-pad@^1.3.0', 'is not an exact version (ranges and tags are refused)'],
    ['pypi:requests@latest', 'is not an exact version'],
    ['npm:--evil@1.0.0', 'is not a valid npm package name'],
  ];
  for (const [spec, message] of cases) {
    const run = gatehouse(workspace, ['trust', 'approve-package', spec, '--yes']);
    expect(run.code, spec).toBe(64);
    expect(run.stderr).toContain(message);
  }
  expect(gatehouse(workspace, ['trust', 'approve-package', '--yes']).code).toBe(64);
  expect(trustJson(workspace)).toEqual({});
});

it('approves a pinned version under the spelling provisioning checks, once', () => {
  const refused = gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3']);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toContain('runs as: npx -y @scope/name@1.2.3');
  expect(refused.stderr).toContain('there is no terminal to confirm on');
  expect(trustJson(workspace)).toEqual({});

  const npm = gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3', '--yes']);
  expect(npm.code).toBe(0);
  expect(npm.stdout).toContain('Approved npm:@scope/name@1.2.3. Only this exact version is approved');
  // `pypi:name@1.0` is written as policySpec spells it: the string provision-target.ts looks up.
  const pypi = gatehouse(workspace, ['trust', 'approve-package', 'pypi:mcp-server-time@1.0', '--yes', '--json']);
  expect(json(pypi)).toMatchObject({ ok: true, spec: 'pypi:mcp-server-time==1.0', result: 'approved' });
  for (const ref of [{ type: 'npm', name: '@scope/name', version: '1.2.3' }, { type: 'pypi', name: 'mcp-server-time', version: '1.0' }] as const) {
    expect(packageApproved(workspace.stateDir, policySpec(ref))).toBe(true);
  }
  expect(packageApproved(workspace.stateDir, 'npm:@scope/name@1.2.4')).toBe(false);

  const again = gatehouse(workspace, ['trust', 'approve-package', 'npm:@scope/name@1.2.3', '--yes']);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('npm:@scope/name@1.2.3 is already approved; nothing changed.');

  const revoked = gatehouse(workspace, ['trust', 'revoke-package', 'pypi:mcp-server-time==1.0']);
  expect(revoked.code).toBe(0);
  expect(packageApproved(workspace.stateDir, 'pypi:mcp-server-time==1.0')).toBe(false);
  const none = gatehouse(workspace, ['trust', 'revoke-package', 'pypi:mcp-server-time==1.0']);
  expect(none.code).toBe(1);
  expect(none.stderr).toContain('has no approval; nothing changed');
});

it('lists every approval: files with digest, time and whether they still match, and packages', () => {
  const empty = gatehouse(workspace, ['trust', 'list']);
  expect(empty.code).toBe(0);
  expect(empty.stdout).toContain(`No approvals in ${workspace.stateDir}/trust.json.`);

  const path = workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
  expect(gatehouse(workspace, ['trust', 'approve-package', 'npm:left-pad@1.3.0', '--yes']).code).toBe(0);
  const digest = trustJson(workspace).files?.[realpathSync(path)]?.sha256 ?? '';
  const listed = gatehouse(workspace, ['trust', 'list']);
  expect(listed.code).toBe(0);
  expect(listed.stdout).toMatch(new RegExp(`${realpathSync(path)}\\s+${digest.slice(0, 12)}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\s+matches`));
  expect(listed.stdout).toMatch(/npm:left-pad@1\.3\.0\s+\d{4}-/);

  appendFileSync(path, '\n');
  const report = json<{ files: { path: string; sha256: string; current: string }[]; packages: { spec: string }[] }>(gatehouse(workspace, ['trust', 'list', '--json']));
  expect(report.files).toEqual([expect.objectContaining({ path: realpathSync(path), sha256: digest, current: 'changed' })]);
  expect(report.packages).toEqual([expect.objectContaining({ spec: 'npm:left-pad@1.3.0' })]);
});

it('warns when trust.json is unreadable instead of silently showing nothing approved', () => {
  mkdirSync(workspace.stateDir, { recursive: true });
  writeFileSync(join(workspace.stateDir, 'trust.json'), 'not json');
  const run = gatehouse(workspace, ['trust', 'list']);
  expect(run.code).toBe(0);
  expect(run.stderr).toContain(`warning: ${join(workspace.stateDir, 'trust.json')}: invalid JSON`);
  expect(run.stderr).toContain('every file and package counts as unapproved');
});

it('dispatches: an unknown subcommand is a usage error', () => {
  const run = gatehouse(workspace, ['trust', 'aprove']);
  expect(run.code).toBe(64);
  expect(run.stderr).toContain('unknown trust subcommand "aprove"');
});
