// A checkout's `.mcp.json`, `.gatehouse/policy.yaml` and `.gatehouse/manifest.yaml` that are not plain,
// small files (issue 11, item 2): a symlink to /dev/zero, a FIFO, a symlink to /dev/stdin, a 2 MiB file.
// The built gateway must start and answer over stdio, and report the refusal naming the file and why (an
// invalid policy fails closed instead: `serve` exits 78 at once, and a reload keeps serving with
// policy_error); `gatehouse trust status` must return on the same checkout. Every process here has a deadline and a
// memory ceiling (bounded-cli.ts), so the old behaviour (a hang, or gigabytes read) fails the test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectTrustReport } from '../../../src/shared/trust';
import { requireBuild } from '../../helpers/cli-process';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { runCli, withStdioGateway } from './bounded-cli';

const TWO_MIB = 2 * 1024 * 1024;

type FileName = '.mcp.json' | '.gatehouse/policy.yaml' | '.gatehouse/manifest.yaml';

/** A valid file of each kind, padded past 2 MiB: only its size is wrong. */
const bigText: Record<FileName, string> = {
  '.mcp.json': `{"mcpServers":{}}${' '.repeat(TWO_MIB)}`,
  '.gatehouse/policy.yaml': `{}\n# ${'x'.repeat(TWO_MIB)}\n`,
  '.gatehouse/manifest.yaml': `version: 1\n# ${'x'.repeat(TWO_MIB)}\n`,
};

interface Hazard {
  make(path: string, file: FileName): void;
  /** What the refusal must say about the file. */
  reason: RegExp;
}

const hazards: Record<string, Hazard> = {
  'a symlink to /dev/zero': { make: (path) => symlinkSync('/dev/zero', path), reason: /is a symbolic link \(to \/dev\/zero\)/ },
  'a FIFO': { make: (path) => execFileSync('mkfifo', [path]), reason: /is a named pipe \(FIFO\), not a regular file/ },
  'a symlink to /dev/stdin': { make: (path) => symlinkSync('/dev/stdin', path), reason: /is a symbolic link \(to \/dev\/stdin\)/ },
  'a 2 MiB file': { make: (path, file) => writeFileSync(path, bigText[file]), reason: /is larger than 1 MiB \(\d+ bytes\), the limit for this file/ },
};

const files: FileName[] = ['.mcp.json', '.gatehouse/policy.yaml', '.gatehouse/manifest.yaml'];

let workspace: Workspace;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

function plant(file: FileName, hazard: Hazard): string {
  const path = join(workspace.project, file);
  mkdirSync(dirname(path), { recursive: true });
  hazard.make(path, file);
  return path;
}

interface ConfigStatus {
  sources: { source: string; path: string; error: string | null }[];
  policy_error: string | { message?: string } | null;
}

describe.each(files)('the project file %s', (file) => {
  it.each(Object.keys(hazards))('as %s: the gateway answers over stdio and reports the refusal', async (name) => {
    const hazard = hazards[name] as Hazard;
    if (file === '.gatehouse/policy.yaml') {
      // An invalid policy fails closed (contract §5): at start-up `serve` exits 78 naming the file; on a
      // reload the gateway keeps serving, denies every server and shows policy_error. Both must be prompt.
      const path = plant(file, hazard);
      const start = runCli(workspace.home, workspace.project, ['serve', '--transport', 'stdio', '--project', workspace.project]);
      expect(start.timedOut).toBe(false);
      expect(start.code).toBe(78);
      expect(start.stderr).toContain(`E102 invalid policy: ${path}: `);
      expect(start.stderr).toMatch(hazard.reason);
      rmSync(path);
      const { result } = await withStdioGateway(workspace.home, workspace.project, async (client) => {
        plant(file, hazard);
        await callMeta(client, 'gateway.refresh', { reason: 'policy file replaced' });
        return (await callMeta<ConfigStatus>(client, 'gateway.config_status')).body;
      });
      const error = JSON.stringify(result.policy_error);
      expect(error).toContain(`E102 invalid policy: ${path}: `);
      expect(error).toMatch(hazard.reason);
      return;
    }
    const path = plant(file, hazard);
    const { result, stderr } = await withStdioGateway(workspace.home, workspace.project, async (client, stderrNow) => {
      const status = await callMeta<ConfigStatus>(client, 'gateway.config_status');
      // The manifest's problems are logged as it is read; wait (bounded) for the line to arrive.
      if (file === '.gatehouse/manifest.yaml') await waitFor(() => stderrNow().includes(`manifest: ${path}:`), 'the manifest refusal on stderr', 15_000);
      return status.body;
    });
    if (file === '.mcp.json') {
      const source = result.sources.find((s) => s.path === path);
      expect(source?.error).toContain(`E101 config: ${path}: `);
      expect(source?.error).toMatch(hazard.reason);
    } else {
      const line = stderr.split('\n').find((l) => l.includes(`manifest: ${path}:`)) ?? '';
      expect(line).toMatch(hazard.reason);
    }
  });

  it.each(Object.keys(hazards))('as %s: gatehouse trust status returns and names the refusal', (name) => {
    const hazard = hazards[name] as Hazard;
    const path = plant(file, hazard);
    const run = runCli(workspace.home, workspace.project, ['trust', 'status', '--json']);
    expect(run.timedOut).toBe(false);
    const report = JSON.parse(run.stdout) as ProjectTrustReport & { ok: boolean };
    if (file === '.gatehouse/policy.yaml') {
      // The project policy only narrows and needs no approval: nothing to review, nothing read.
      expect(run.code).toBe(0);
      expect(report.files).toEqual([]);
      return;
    }
    expect(run.code).toBe(1);
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ path, state: 'refused', sha256: null, servers: [] });
    expect(report.files[0]?.refusal).toMatch(hazard.reason);
    const text = runCli(workspace.home, workspace.project, ['trust', 'status']);
    expect(text.timedOut).toBe(false);
    expect(text.stdout).toContain(`${path} (refused)`);
    expect(text.stdout).toMatch(hazard.reason);
  });
});

describe("the user's own files", () => {
  it('may be symlinks to regular files, but ~/.mcp.json as a symlink to /dev/stdin or a FIFO is refused by kind', async () => {
    symlinkSync('/dev/stdin', join(workspace.home, '.mcp.json'));
    mkdirSync(join(workspace.home, '.claude'));
    execFileSync('mkfifo', [join(workspace.home, '.claude', '.mcp.json')]);
    const { result } = await withStdioGateway(workspace.home, workspace.project, async (client) => (await callMeta<ConfigStatus>(client, 'gateway.config_status')).body);
    const stdin = result.sources.find((s) => s.path === join(workspace.home, '.mcp.json'));
    expect(stdin?.error).toMatch(/is a named pipe \(FIFO\), not a regular file|is a socket, not a regular file/);
    const fifo = result.sources.find((s) => s.path === join(workspace.home, '.claude', '.mcp.json'));
    expect(fifo?.error).toMatch(/is a named pipe \(FIFO\), not a regular file/);
  });
});
