// trust.json: approvals keyed by real path and exact bytes; revoking; older bare-digest entries read.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvedDigest, approveFile, fileApproved, listApprovals, revokeFile, sha256 } from '../../../src/main/trust/store';
import { approveReviewed } from '../../../src/main/trust/approve';
import { reviewProjectFiles } from '../../../src/main/trust/project-files';
import { readAllSources } from '../../../src/main/config/load';

let root: string;
let state: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-trust-'));
  state = join(root, 'state');
  project = join(root, 'project');
  mkdirSync(project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('trust store', () => {
  it('approves exact bytes under the project root\'s real path and the file\'s place in it; a link elsewhere shares nothing', () => {
    const file = join(project, '.mcp.json');
    writeFileSync(file, '{"mcpServers":{}}');
    approveFile(state, file, '{"mcpServers":{}}');
    expect(fileApproved(state, file, '{"mcpServers":{}}')).toBe(true);
    expect(fileApproved(state, file, '{"mcpServers":{} }')).toBe(false);
    // Another checkout whose .mcp.json links to this one: a different project, so no approval (issue 11, item 1).
    const other = join(root, 'other');
    mkdirSync(other);
    symlinkSync('../project/.mcp.json', join(other, '.mcp.json'));
    expect(fileApproved(state, join(other, '.mcp.json'), '{"mcpServers":{}}')).toBe(false);
    // The project reached through a symlinked folder is the same project.
    symlinkSync(project, join(root, 'project-link'));
    expect(fileApproved(state, join(root, 'project-link', '.mcp.json'), '{"mcpServers":{}}')).toBe(true);
    expect(listApprovals(state).files).toEqual([{ path: file, sha256: sha256('{"mcpServers":{}}'), approved_at: expect.any(String), project_root: project }]);
    expect(revokeFile(state, file)).toBe(true);
    expect(revokeFile(state, file)).toBe(false);
    expect(approvedDigest(state, file)).toBeNull();
  });

  it('keeps approvals written by earlier versions (keyed by the file\'s real path) valid', () => {
    const file = join(project, '.mcp.json');
    writeFileSync(file, 'x');
    mkdirSync(state);
    writeFileSync(join(state, 'trust.json'), JSON.stringify({ files: { [realpathSync(file)]: { sha256: sha256('x'), approved_at: '2025-01-01T00:00:00.000Z' } } }));
    expect(fileApproved(state, file, 'x')).toBe(true);
  });

  it('reads entries written as a bare digest by earlier versions', () => {
    const file = join(project, '.mcp.json');
    writeFileSync(file, 'x');
    mkdirSync(state);
    writeFileSync(join(state, 'trust.json'), JSON.stringify({ files: { [file]: sha256('x') } }));
    expect(fileApproved(state, file, 'x')).toBe(true);
  });

  it('refuses to approve bytes other than the ones reviewed', () => {
    const file = join(project, '.mcp.json');
    writeFileSync(file, '{}');
    const outcome = approveReviewed(state, file, sha256('{"other":1}'));
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toContain('changed since it was reviewed');
    expect(approvedDigest(state, file)).toBeNull();
    expect(approveReviewed(state, file, sha256('{}'))).toMatchObject({ ok: true, sha256: sha256('{}') });
  });
});

describe('bytes, not decoded text', () => {
  it('a file that is not valid UTF-8 is approved and recognised by its exact bytes', () => {
    const file = join(project, '.mcp.json');
    const bytes = Buffer.concat([Buffer.from('{"mcpServers":{"a":{"command":"x'), Buffer.from([0xff]), Buffer.from('"}}}')]);
    writeFileSync(file, bytes);
    const [review] = reviewProjectFiles(state, project);
    expect(review?.sha256).toBe(sha256(bytes));
    expect(approveReviewed(state, file, review?.sha256 ?? '')).toMatchObject({ ok: true });
    const [readout] = readAllSources({ projectRoot: project, homeDir: join(root, 'home'), configPath: null, stateDir: state });
    expect(readout?.trust?.state).toBe('approved');
  });
});

describe('reviewProjectFiles', () => {
  it('shows what each project file would launch, with variable names only, and its problems', () => {
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({
      mcpServers: {
        tool: { command: 'node', args: ['server.js', 'two words'], env: { API_TOKEN: 'secret-value' } },
        web: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
        bad: { args: [] },
        gatehouse: { command: 'npx', args: ['gatehouse', 'serve'] },
      },
    }));
    mkdirSync(join(project, '.gatehouse'));
    writeFileSync(join(project, '.gatehouse', 'manifest.yaml'), 'version: 1\nservers:\n  team:\n    description: Team server\n    package: { type: npm, name: team-mcp, version: 1.2.3 }\n    env_vars: [TEAM_KEY]\n');
    const [config, manifest] = reviewProjectFiles(state, project);
    expect(config).toMatchObject({ kind: 'mcp_config', state: 'not_approved' });
    const accounts = (name: string) => [`project:${project}:${name}`, `user::${name}`];
    expect(config?.servers).toEqual([
      { name: 'tool', launches: "node server.js 'two words'", cwd: project, variables: ['API_TOKEN'], references: [], replaces: null },
      {
        name: 'web',
        launches: 'HTTP https://example.test/mcp',
        cwd: null,
        variables: ['Authorization'],
        references: [{ name: 'TOKEN', fields: ['headers.Authorization'], interpolated: true, keychain: accounts('TOKEN') }],
        replaces: null,
      },
      { name: 'gatehouse', launches: 'npx gatehouse serve (Gatehouse itself: never started)', cwd: project, variables: [], references: [], replaces: null },
    ]);
    expect(JSON.stringify(config)).not.toContain('secret-value');
    expect(config?.problems.join('\n')).toContain('server "bad"');
    expect(manifest).toMatchObject({
      kind: 'manifest',
      state: 'not_approved',
      refusal: null,
      servers: [{ name: 'team', launches: 'npm package team-mcp@1.2.3', variables: ['TEAM_KEY'], references: [{ name: 'TEAM_KEY', fields: ['env_vars'], interpolated: true, keychain: accounts('TEAM_KEY') }], replaces: null }],
    });
  });
});
