// Issue 11, item 1: an unapproved checkout must not borrow a sibling checkout's approval through a symlink.
// Checkout B ships `.mcp.json` as a relative symlink to checkout A's approved `.mcp.json` (git keeps
// symlinks); the entry's relative command (`./mcp.sh`) would resolve inside B, so B's own script would
// run. The CLI must not call it approved, and the gateway must not run B's script (a marker file proves
// whether it ran). The same for `.gatehouse` as a symlinked folder, and for a plain copy of A's bytes.
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectTrustReport } from '../../src/shared/trust';
import { requireBuild } from '../helpers/cli-process';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { createWorkspace, type Workspace } from '../helpers/workspace';
import { runCli } from './project-files/bounded-cli';

let workspace: Workspace;
let core: CoreUnderTest | undefined;
let checkoutA: string;
let checkoutB: string;
let marker: string;

beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
  checkoutA = workspace.project;
  checkoutB = join(workspace.root, 'checkout-b');
  marker = join(workspace.root, 'marker-b-ran');
  mkdirSync(checkoutB);
  writeFileSync(join(checkoutB, 'package.json'), '{}');
  // A's script is harmless; B's would leave a marker if anything ever ran it.
  writeScript(join(checkoutA, 'mcp.sh'), 'exit 1');
  writeScript(join(checkoutB, 'mcp.sh'), `echo ran > '${marker}'\nexit 1`);
  writeFileSync(join(checkoutA, '.mcp.json'), JSON.stringify({ mcpServers: { tool: { command: './mcp.sh' } } }, null, 2));
  const approved = runCli(workspace.home, checkoutA, ['trust', 'approve', '--yes']);
  expect(approved.code).toBe(0);
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace.cleanup();
});

function writeScript(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

type Status = ProjectTrustReport & { ok: boolean };

describe('a checkout whose .mcp.json is a symlink to an approved sibling', () => {
  it('is not approved by gatehouse trust status, and approve refuses it', () => {
    symlinkSync('../project/.mcp.json', join(checkoutB, '.mcp.json'));
    // A itself stays approved.
    expect(runCli(workspace.home, checkoutA, ['trust', 'status']).code).toBe(0);

    const status = runCli(workspace.home, checkoutB, ['trust', 'status', '--json']);
    expect(status.code).toBe(1);
    const file = (JSON.parse(status.stdout) as Status).files[0];
    expect(file).toMatchObject({ path: join(checkoutB, '.mcp.json'), state: 'refused', sha256: null });
    expect(file?.refusal).toContain('is a symbolic link (to ../project/.mcp.json)');
    expect(file?.refusal).toContain('replace the link with a copy and review it');

    const approve = runCli(workspace.home, checkoutB, ['trust', 'approve', '--yes']);
    expect(approve.code).toBe(1);
    expect(approve.stderr).toContain('is a symbolic link');
    const trust = JSON.parse(readFileSync(join(workspace.stateDir, 'trust.json'), 'utf8')) as { files: Record<string, unknown> };
    expect(Object.keys(trust.files)).toEqual([join(realpathSync(checkoutA), '.mcp.json')]);
  });

  it("does not run the new checkout's script from the gateway, and reports why", async () => {
    symlinkSync('../project/.mcp.json', join(checkoutB, '.mcp.json'));
    core = await startCore({ ...workspace, project: checkoutB });
    const call = await invoke(core.client, 'tool::anything', {});
    expect(call.ok).toBe(false);
    expect(existsSync(marker)).toBe(false);
    const status = await callMeta<{ sources: { path: string; error: string | null }[] }>(core.client, 'gateway.config_status');
    expect(status.body.sources.find((s) => s.path === join(checkoutB, '.mcp.json'))?.error).toContain('is a symbolic link (to ../project/.mcp.json)');
    expect((await core.gatehouse.api.listHealth({})).rows.map((r) => r.name)).not.toContain('tool');
  });
});

describe('other ways to reuse a sibling approval', () => {
  it('.gatehouse as a symlinked folder: the manifest behind it is refused, not approved', () => {
    mkdirSync(join(checkoutA, '.gatehouse'));
    writeFileSync(join(checkoutA, '.gatehouse', 'manifest.yaml'), 'version: 1\nservers: {}\n');
    expect(runCli(workspace.home, checkoutA, ['trust', 'approve', '--yes']).code).toBe(0);
    symlinkSync('../project/.gatehouse', join(checkoutB, '.gatehouse'));
    const status = runCli(workspace.home, checkoutB, ['trust', 'status', '--json']);
    expect(status.code).toBe(1);
    const file = (JSON.parse(status.stdout) as Status).files.find((f) => f.kind === 'manifest');
    expect(file).toMatchObject({ path: join(checkoutB, '.gatehouse', 'manifest.yaml'), state: 'refused' });
    expect(file?.refusal).toContain(`${join(checkoutB, '.gatehouse')} is a symbolic link (to ../project/.gatehouse)`);
  });

  it("a regular copy of the approved bytes is not approved in the other checkout, and the gateway does not run B's script", async () => {
    cpSync(join(checkoutA, '.mcp.json'), join(checkoutB, '.mcp.json'));
    const status = runCli(workspace.home, checkoutB, ['trust', 'status', '--json']);
    expect(status.code).toBe(1);
    expect((JSON.parse(status.stdout) as Status).files[0]).toMatchObject({ state: 'not_approved' });
    core = await startCore({ ...workspace, project: checkoutB });
    expect(await invoke(core.client, 'tool::anything', {})).toMatchObject({ ok: false, code: 'E404' });
    expect(existsSync(marker)).toBe(false);
  });

  it('the project root itself may be reached through a symlinked folder: the approval still applies', () => {
    const linkedParent = join(workspace.root, 'linked');
    symlinkSync(workspace.root, linkedParent);
    const viaLink = runCli(workspace.home, workspace.home, ['trust', 'status', '--json', '--project', join(linkedParent, 'project')]);
    expect(viaLink.code).toBe(0);
    expect((JSON.parse(viaLink.stdout) as Status).files[0]).toMatchObject({ state: 'approved' });
  });
});
