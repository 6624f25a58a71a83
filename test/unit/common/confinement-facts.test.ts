// The cached path look-up a health row's confinement plan uses (a spawn always looks afresh).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describePaths, describePathsRemembered } from '../../../src/main/common/confinement/facts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('answers from what it saw within two seconds, and looks again after that', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-facts-'));
  made.push(dir);
  const file = join(dir, 'grant.txt');
  writeFileSync(file, 'x');
  const t0 = 1_000_000;
  expect(describePathsRemembered([file, dir], t0).get(file)?.kind).toBe('file');
  rmSync(file);
  expect(describePaths([file]).has(file)).toBe(false); // the fresh look sees it gone …
  expect(describePathsRemembered([file], t0 + 1_500).get(file)?.kind).toBe('file'); // … the remembered one not yet
  expect(describePathsRemembered([file], t0 + 2_500).has(file)).toBe(false);
  expect(describePathsRemembered([dir], t0 + 1_000).get(dir)?.kind).toBe('dir');
});

it('remembers an absent path as absent', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-facts-'));
  made.push(dir);
  const later = join(dir, 'later');
  const t0 = 2_000_000;
  expect(describePathsRemembered([later], t0).has(later)).toBe(false);
  writeFileSync(later, 'y');
  expect(describePathsRemembered([later], t0 + 100).has(later)).toBe(false);
  expect(describePathsRemembered([later], t0 + 2_100).get(later)?.kind).toBe('file');
});
