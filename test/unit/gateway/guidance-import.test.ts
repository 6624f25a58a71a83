import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadGuidance } from '../../../src/main/gateway/guidance';
import { applyPmcpGuidanceImport, planPmcpGuidanceImport } from '../../../src/main/gateway/guidance/import';

let root: string;
let home: string;
let options: { env: NodeJS.ProcessEnv; homeDir: string; platform: NodeJS.Platform };
let pmcpFile: string;
let target: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-guidance-import-'));
  home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  options = { env: { XDG_CONFIG_HOME: join(root, 'xdg') }, homeDir: home, platform: 'linux' };
  pmcpFile = join(home, '.claude', 'gateway-guidance.yaml');
  target = join(root, 'xdg', 'gatehouse', 'guidance.yaml');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('importing PMCP guidance', () => {
  it('previews without writing, then applies atomically (0600, no temp files) and loads the same level', () => {
    writeFileSync(pmcpFile, 'guidance:\n  level: standard\n  max_snippet_lines: 3\n');
    const plan = planPmcpGuidanceImport(options);
    expect(plan).toMatchObject({ ok: true, from: pmcpFile, to: target });
    expect(plan.message).toContain('level standard');
    expect(existsSync(target)).toBe(false);

    expect(applyPmcpGuidanceImport(plan).ok).toBe(true);
    expect(readFileSync(target, 'utf8')).toMatch(/^# Imported from .*\nguidance:\n {2}level: standard\n {2}max_snippet_lines: 3\n$/);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, 'xdg', 'gatehouse'))).toEqual(['guidance.yaml']);
    const loaded = loadGuidance({ ...options });
    expect(loaded.source.kind).toBe('gatehouse');
    expect(loaded.settings).toMatchObject({ level: 'standard', max_snippet_lines: 3 });
  });

  it('keeps an existing Gatehouse file, even one created after the preview', () => {
    writeFileSync(pmcpFile, 'guidance:\n  level: off\n');
    const plan = planPmcpGuidanceImport(options);
    mkdirSync(join(root, 'xdg', 'gatehouse'), { recursive: true });
    writeFileSync(target, 'guidance:\n  level: minimal\n');
    expect(applyPmcpGuidanceImport(plan)).toMatchObject({ ok: false });
    expect(planPmcpGuidanceImport(options)).toMatchObject({ ok: false });
    expect(readFileSync(target, 'utf8')).toBe('guidance:\n  level: minimal\n');
  });

  it('refuses an invalid PMCP file with its line, and a PMCP file changed since the preview', () => {
    writeFileSync(pmcpFile, 'guidance:\n  level: loud\n');
    const bad = planPmcpGuidanceImport(options);
    expect(bad.ok).toBe(false);
    expect(bad.message).toContain(`${pmcpFile}:2`);

    writeFileSync(pmcpFile, 'guidance:\n  level: off\n');
    const plan = planPmcpGuidanceImport(options);
    writeFileSync(pmcpFile, 'guidance:\n  level: standard\n');
    expect(applyPmcpGuidanceImport(plan).message).toContain('changed since the preview');
    expect(existsSync(target)).toBe(false);
  });

  it('has nothing to import without a PMCP file', () => {
    expect(planPmcpGuidanceImport(options)).toMatchObject({ ok: false, text: null });
  });
});
