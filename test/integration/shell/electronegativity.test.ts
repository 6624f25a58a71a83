// The Electronegativity step (scripts/electronegativity.cjs, in `npm run check:structure`): the app's own
// sources pass with no high or medium finding and without reaching the network, and the same scan fails
// on a window that drops the hardening — so a passing scan means something.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/workspace';

const SCRIPT = join(REPO_ROOT, 'scripts', 'electronegativity.cjs');
const scan = (...inputs: string[]) => spawnSync(process.execPath, [SCRIPT, ...inputs], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 });

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('electronegativity', () => {
  it('finds no high or medium issue in src/, offline', () => {
    const result = scan();
    expect(result.stdout).toMatch(/electronegativity: src: \d+ checks, \d+ finding\(s\), 0 parse error\(s\)/);
    expect(result.stdout).not.toMatch(/^(HIGH|MEDIUM)\b/m);
    // The translations download is refused in-process: nothing went out.
    expect(result.stdout).toContain('refused 1 network request(s)');
    expect(result.status).toBe(0);
  });

  it('fails a window without context isolation and sandbox', () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-eng-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'src', 'window.ts'),
      "import { BrowserWindow } from 'electron';\nexport const open = () => new BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: false, nodeIntegration: true } });\n",
    );
    const result = scan(join(dir, 'src'));
    expect(result.stdout).toMatch(/^HIGH\s+\S+\s+CONTEXT_ISOLATION_JS_CHECK/m);
    expect(result.stdout).toMatch(/^MEDIUM\s+\S+\s+SANDBOX_JS_CHECK/m);
    expect(result.status).toBe(1);
  });
});
