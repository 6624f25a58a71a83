// `gatehouse trust status|approve|revoke` on project files, as an operator meets them on the built CLI:
// exit codes scripts can check, the review before consent, trust.json holding the digest of the exact
// bytes, and refusals that write nothing.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectTrustReport } from '../../../src/shared/trust';
import { requireBuild } from '../../helpers/cli-process';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { gatehouse, json, onTerminal, trustJson } from './run';

let workspace: Workspace;
let mcpJson: string;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
  // env carries a value that must never be printed: only its name may appear.
  mcpJson = workspace.writeConfig({ mcpServers: { everything: { ...everythingServer(), env: { API_TOKEN: 'tok-value-never-shown' } } } }, undefined, { approve: false });
});
afterEach(() => workspace.cleanup());

const digestOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
type Status = ProjectTrustReport & { ok: boolean; waiting: string[] };

describe('trust status', () => {
  it('says plainly when there is no project or no project file, and exits 0', () => {
    const home = gatehouse(workspace, ['trust'], { cwd: workspace.home });
    expect(home.code).toBe(0);
    expect(home.stdout).toContain(`No project here: ${workspace.home} is not inside a project`);
    const bare = join(workspace.root, 'bare');
    mkdirSync(bare);
    const empty = gatehouse(workspace, ['trust', 'status', '--project', bare]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No .mcp.json or .gatehouse/manifest.yaml in this project: nothing needs approval.');
    expect(json<Status>(gatehouse(workspace, ['trust', '--json', '--project', bare]))).toMatchObject({ ok: true, project_root: bare, files: [] });
  });

  it('shows an unapproved file with its short digest, full digest and launch line, names only, and exits 1', () => {
    const run = gatehouse(workspace, ['trust']);
    expect(run.code).toBe(1);
    const digest = digestOf(mcpJson);
    expect(run.stdout).toMatch(new RegExp(`\\.mcp\\.json\\s+not approved\\s+${digest.slice(0, 12)}\\s+1`));
    expect(run.stdout).toContain(`sha256 ${digest}`);
    expect(run.stdout).toContain(`everything: ${everythingServer().command} ${everythingServer().args.join(' ')}`);
    expect(run.stdout).toContain('variables (names only): API_TOKEN');
    expect(run.stdout).toContain(`gatehouse trust approve ${mcpJson} --sha256 ${digest}`);
    expect(run.stdout + run.stderr).not.toContain('tok-value-never-shown');

    const report = gatehouse(workspace, ['trust', 'status', '--json']);
    expect(report.code).toBe(1);
    expect(report.stdout).not.toContain('tok-value-never-shown');
    expect(json<Status>(report)).toMatchObject({
      ok: false,
      project_root: workspace.project,
      waiting: [mcpJson],
      files: [{ path: mcpJson, kind: 'mcp_config', state: 'not_approved', sha256: digest, approved_sha256: null, servers: [{ name: 'everything', variables: ['API_TOKEN'] }] }],
    });
  });

  it('reports approved (exit 0), then changed after an edit (exit 1), with both digests', () => {
    expect(gatehouse(workspace, ['trust', 'approve', '--yes']).code).toBe(0);
    const approved = gatehouse(workspace, ['trust', 'status']);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('Every project file is approved');
    const before = digestOf(mcpJson);

    appendFileSync(mcpJson, '\n');
    const changed = gatehouse(workspace, ['trust', 'status', '--json']);
    expect(changed.code).toBe(1);
    expect(json<Status>(changed).files[0]).toMatchObject({ state: 'changed', sha256: digestOf(mcpJson), approved_sha256: before });
    expect(gatehouse(workspace, ['trust']).stdout).toContain(`changed since approval (approved ${before.slice(0, 12)})`);
  });
});

describe('trust approve', () => {
  it('refuses without --yes when stdin is not a terminal, after showing the review, and writes nothing', () => {
    const run = gatehouse(workspace, ['trust', 'approve']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${mcpJson} (not approved)`);
    expect(run.stdout).toContain('would launch:');
    expect(run.stderr).toContain('there is no terminal to confirm on');
    expect(run.stderr).toContain('run again with --yes');
    expect(run.stderr).toContain(`--sha256 ${digestOf(mcpJson)}`);
    expect(trustJson(workspace)).toEqual({});
    const asJson = gatehouse(workspace, ['trust', 'approve', '--json']);
    expect(asJson.code).toBe(1);
    expect(json(asJson)).toMatchObject({ ok: false, files: [{ path: mcpJson, result: 'refused' }] });
    expect(trustJson(workspace)).toEqual({});
  });

  it('approves with --yes: trust.json holds the sha256 of the exact bytes, keyed by the real path; a second run changes nothing', () => {
    const run = gatehouse(workspace, ['trust', 'approve', '--yes']);
    expect(run.code).toBe(0);
    const digest = digestOf(mcpJson);
    expect(run.stdout).toContain(`Approved ${mcpJson} (sha256 ${digest}). Any edit to it needs a new approval`);
    const stored = trustJson(workspace).files?.[realpathSync(mcpJson)];
    expect(stored?.sha256).toBe(digest);
    expect(Date.parse(stored?.approved_at ?? '')).not.toBeNaN();

    const again = gatehouse(workspace, ['trust', 'approve', '--yes', '--json']);
    expect(again.code).toBe(0);
    expect(json(again)).toEqual({ ok: true, files: [expect.objectContaining({ path: mcpJson, result: 'already_approved', sha256: digest })] });
    expect(trustJson(workspace).files?.[realpathSync(mcpJson)]).toEqual(stored);
  });

  it('approves with --sha256 only while the file has that digest; a mismatch or a prefix writes nothing', () => {
    const reviewed = digestOf(mcpJson);
    appendFileSync(mcpJson, ' ');
    const mismatch = gatehouse(workspace, ['trust', 'approve', '.mcp.json', '--sha256', reviewed]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toContain(`${mcpJson} changed since it was reviewed (reviewed sha256 ${reviewed.slice(0, 12)}…`);
    expect(mismatch.stderr).toContain('nothing was approved');
    expect(trustJson(workspace)).toEqual({});

    const prefix = gatehouse(workspace, ['trust', 'approve', '.mcp.json', '--sha256', digestOf(mcpJson).slice(0, 12)]);
    expect(prefix.code).toBe(64);
    expect(prefix.stderr).toContain('--sha256 needs the full 64-character hex digest');

    const current = digestOf(mcpJson);
    // --sha256 is consent in itself: no terminal, no --yes.
    const ok = gatehouse(workspace, ['trust', 'approve', mcpJson, '--sha256', current.toUpperCase()]);
    expect(ok.code).toBe(0);
    expect(trustJson(workspace).files?.[realpathSync(mcpJson)]?.sha256).toBe(current);
  });

  it('accepts the manifest path the loader prints, from any folder, and --sha256 only for one file', () => {
    const manifest = join(workspace.project, '.gatehouse', 'manifest.yaml');
    mkdirSync(join(workspace.project, '.gatehouse'));
    writeFileSync(manifest, 'version: 1\nservers:\n  weather:\n    description: Weather\n    package: { type: npm, name: "@acme/weather-mcp", version: "1.2.3" }\n    env_vars: [WEATHER_KEY]\n');
    const two = gatehouse(workspace, ['trust', 'approve', '--sha256', digestOf(manifest)]);
    expect(two.code).toBe(64);
    expect(two.stderr).toContain('--sha256 approves exactly one file');

    const fromHome = gatehouse(workspace, ['trust', 'approve', manifest, '--yes'], { cwd: workspace.home });
    expect(fromHome.code).toBe(0);
    expect(fromHome.stdout).toContain('weather: npm package @acme/weather-mcp@1.2.3');
    expect(fromHome.stdout).toContain('variables (names only): WEATHER_KEY');
    expect(trustJson(workspace).files?.[realpathSync(manifest)]?.sha256).toBe(digestOf(manifest));
    // The .mcp.json was not named, so it still waits.
    expect(json<Status>(gatehouse(workspace, ['trust', '--json'])).waiting).toEqual([mcpJson]);
  });

  it('refuses any file that is not one of the project\'s trust-gated files, naming it and the next step', () => {
    const other = join(workspace.root, 'other');
    mkdirSync(other);
    const otherConfig = join(other, '.mcp.json');
    writeFileSync(otherConfig, '{"mcpServers":{}}');
    const cases: [string[], string][] = [
      [['trust', 'approve', 'package.json', '--yes'], `package.json is not a trust-gated file of the project ${workspace.project}`],
      [['trust', 'approve', '/etc/hostname', '--yes'], '/etc/hostname is not a trust-gated file'],
      [['trust', 'approve', otherConfig, '--yes', '--project', workspace.project], `pass --project ${other} to act on it`],
      [['trust', 'approve', join(workspace.home, '.mcp.json'), '--yes'], 'is not a trust-gated file'],
    ];
    for (const [args, message] of cases) {
      const run = gatehouse(workspace, args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('nothing was approved');
    }
    expect(trustJson(workspace)).toEqual({});
    const missing = gatehouse(workspace, ['trust', 'approve', '.gatehouse/manifest.yaml', '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`cannot read ${join(workspace.project, '.gatehouse', 'manifest.yaml')}`);
  });

  it('asks on a terminal: only "y" approves; Enter declines and writes nothing', async () => {
    const declined = await onTerminal(workspace, ['trust', 'approve'], '\n');
    expect(declined.code).toBe(1);
    expect(declined.screen).toContain('would launch:');
    expect(declined.screen).toContain('Approve these exact bytes? [y/N]');
    expect(declined.screen).toContain('Not approved; nothing was written.');
    expect(trustJson(workspace)).toEqual({});

    const approved = await onTerminal(workspace, ['trust', 'approve'], 'y\n');
    expect(approved.code).toBe(0);
    expect(approved.screen).toContain(`Approved ${mcpJson}`);
    expect(trustJson(workspace).files?.[realpathSync(mcpJson)]?.sha256).toBe(digestOf(mcpJson));
  });

  it('refuses a "y" for bytes that changed while the question waited: only the reviewed bytes are approved', async () => {
    const reviewed = digestOf(mcpJson);
    const run = await onTerminal(workspace, ['trust', 'approve'], 'y\n', () => appendFileSync(mcpJson, ' '));
    expect(run.code).toBe(1);
    expect(run.screen).toContain(`sha256 ${reviewed}`);
    expect(run.screen).toContain(`${mcpJson} changed since it was reviewed`);
    expect(trustJson(workspace).files ?? {}).toEqual({});
  });
});

describe('trust revoke', () => {
  it('withdraws an approval so status waits again; a second revoke of the named file exits 1', () => {
    expect(gatehouse(workspace, ['trust', 'approve', '--yes']).code).toBe(0);
    const run = gatehouse(workspace, ['trust', 'revoke', '.mcp.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Withdrew the approval of ${mcpJson}`);
    expect(trustJson(workspace).files).toEqual({});
    expect(gatehouse(workspace, ['trust', 'status']).code).toBe(1);

    const again = gatehouse(workspace, ['trust', 'revoke', '.mcp.json']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${mcpJson} has no approval; nothing changed.`);
    const sweep = gatehouse(workspace, ['trust', 'revoke']);
    expect(sweep.code).toBe(0);
    expect(sweep.stdout).toContain('No approvals to withdraw');
  });

  it('withdraws an approval listed in trust.json even after its project is gone', () => {
    expect(gatehouse(workspace, ['trust', 'approve', '--yes']).code).toBe(0);
    const key = realpathSync(mcpJson);
    rmSync(workspace.project, { recursive: true });
    const run = gatehouse(workspace, ['trust', 'revoke', key], { cwd: workspace.home });
    expect(run.code).toBe(0);
    expect(trustJson(workspace).files).toEqual({});
  });
});
