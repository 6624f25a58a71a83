// trust.json: approvals keyed by real path and exact bytes; revoking; older bare-digest entries read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
  it('approves exact bytes under the real path, so a link to the file shares its approval', () => {
    const file = join(project, '.mcp.json');
    writeFileSync(file, '{"mcpServers":{}}');
    symlinkSync(file, join(root, 'link.json'));
    approveFile(state, join(root, 'link.json'), '{"mcpServers":{}}');
    expect(fileApproved(state, file, '{"mcpServers":{}}')).toBe(true);
    expect(fileApproved(state, file, '{"mcpServers":{} }')).toBe(false);
    expect(listApprovals(state).files).toEqual([{ path: file, sha256: sha256('{"mcpServers":{}}'), approved_at: expect.any(String) }]);
    expect(revokeFile(state, file)).toBe(true);
    expect(revokeFile(state, file)).toBe(false);
    expect(approvedDigest(state, file)).toBeNull();
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
    expect(approveReviewed(state, file, review?.sha256)).toMatchObject({ ok: true });
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
    expect(config?.servers).toEqual([
      { name: 'tool', launches: "node server.js 'two words'", cwd: project, variables: ['API_TOKEN'] },
      { name: 'web', launches: 'HTTP https://example.test/mcp', cwd: null, variables: ['Authorization'] },
      { name: 'gatehouse', launches: 'npx gatehouse serve (Gatehouse itself: never started)', cwd: project, variables: [] },
    ]);
    expect(JSON.stringify(config)).not.toContain('secret-value');
    expect(config?.problems.join('\n')).toContain('server "bad"');
    expect(manifest).toMatchObject({ kind: 'manifest', state: 'not_approved', servers: [{ name: 'team', launches: 'npm package team-mcp@1.2.3', variables: ['TEAM_KEY'] }] });
  });
});
