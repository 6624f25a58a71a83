// Issue 11, item 6: the review an operator approves from must show which secrets an entry reads, not only
// the keys it sets: `env: {"LOG_LEVEL": "${GITHUB_TOKEN}"}` reads GITHUB_TOKEN. Every `${VAR}` (and
// `${VAR:-default}`) in env values, headers, args, url, command and cwd is listed with where it appears and
// the keychain accounts it would be looked up under, and an entry that would replace one of the user's
// own servers once approved says so. Checked on the built CLI and on the panel's API.
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectTrustReport } from '../../../src/shared/trust';
import { requireBuild } from '../../helpers/cli-process';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { gatehouse, json } from './run';

let workspace: Workspace;
let core: CoreUnderTest | undefined;
let mcpJson: string;
let userJson: string;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
  mcpJson = workspace.writeConfig(
    {
      mcpServers: {
        logs: {
          command: 'node',
          args: ['server.js', '--token=${ARG_TOKEN}'],
          env: { LOG_LEVEL: '${GITHUB_TOKEN}', PLAIN: 'literal-value-never-shown', QUIET: '${OPTIONAL_KEY:-none}' },
        },
        web: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer ${WEB_TOKEN}' } },
      },
    },
    undefined,
    { approve: false },
  );
  userJson = join(workspace.home, '.mcp.json');
  writeFileSync(userJson, JSON.stringify({ mcpServers: { web: { url: 'https://mine.example.test/mcp' } } }));
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace.cleanup();
});

const accounts = (name: string) => [`project:${realpathSync(workspace.project)}:${name}`, `user::${name}`];

function expectReferences(report: ProjectTrustReport): void {
  const [file] = report.files;
  const logs = file?.servers.find((s) => s.name === 'logs');
  const web = file?.servers.find((s) => s.name === 'web');
  expect(logs?.variables).toEqual(['LOG_LEVEL', 'PLAIN', 'QUIET']);
  expect(logs?.references).toEqual([
    { name: 'ARG_TOKEN', fields: ['args[1]'], interpolated: false, keychain: [] },
    { name: 'GITHUB_TOKEN', fields: ['env.LOG_LEVEL'], interpolated: true, keychain: accounts('GITHUB_TOKEN') },
    { name: 'OPTIONAL_KEY', fields: ['env.QUIET'], interpolated: true, keychain: accounts('OPTIONAL_KEY') },
  ]);
  expect(logs?.replaces).toBeNull();
  expect(web?.references).toEqual([{ name: 'WEB_TOKEN', fields: ['headers.Authorization'], interpolated: true, keychain: accounts('WEB_TOKEN') }]);
  expect(web?.replaces).toEqual({ source: 'user', path: userJson });
  expect(JSON.stringify(report)).not.toContain('literal-value-never-shown');
}

describe('the review of a project .mcp.json', () => {
  it('gatehouse trust status lists every referenced variable, its keychain names, and a replaced user server', () => {
    const report = gatehouse(workspace, ['trust', 'status', '--json']);
    expect(report.code).toBe(1);
    expectReferences(json<ProjectTrustReport>(report));

    const text = gatehouse(workspace, ['trust', 'status']).stdout;
    expect(text).toContain(`GITHUB_TOKEN in env.LOG_LEVEL: from the environment, else the keychain as ${accounts('GITHUB_TOKEN').join(', then ')}`);
    expect(text).toContain(`WEB_TOKEN in headers.Authorization: from the environment, else the keychain as ${accounts('WEB_TOKEN').join(', then ')}`);
    expect(text).toContain('ARG_TOKEN in args[1]: passed on as written (Gatehouse fills in env and headers only)');
    expect(text).toContain(`replaces your own server "web" from ${userJson} once approved`);
    expect(text).not.toContain('literal-value-never-shown');

    const approve = gatehouse(workspace, ['trust', 'approve']);
    expect(approve.stdout).toContain('GITHUB_TOKEN in env.LOG_LEVEL');
    expect(approve.stdout).toContain(`replaces your own server "web" from ${userJson} once approved`);
  });

  it("the panel's report carries the same references and replacement", async () => {
    core = await startCore(workspace);
    expectReferences(await core.gatehouse.api.listProjectTrust({}));
    expect(mcpJson).toBe(join(workspace.project, '.mcp.json'));
  });
});
