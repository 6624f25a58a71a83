import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectRoot } from '../../../src/main/config/project-root';

let root: string;
const elsewhere = '/nonexistent-home-for-test';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-root-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function dir(...parts: string[]): string {
  const path = join(root, ...parts);
  mkdirSync(path, { recursive: true });
  return path;
}

describe('findProjectRoot', () => {
  it.each(['.mcp.json', '.git', 'package.json', 'pyproject.toml'])('recognises %s as a marker', (marker) => {
    const project = dir('p');
    writeFileSync(join(project, marker), '');
    expect(findProjectRoot(dir('p', 'src', 'deep'), elsewhere)).toBe(project);
  });

  it('accepts a .git directory as well as a .git file', () => {
    const project = dir('p');
    mkdirSync(join(project, '.git'));
    expect(findProjectRoot(dir('p', 'a'), elsewhere)).toBe(project);
  });

  it('returns the working directory itself when it holds a marker', () => {
    const project = dir('p');
    writeFileSync(join(project, 'package.json'), '{}');
    expect(findProjectRoot(project, elsewhere)).toBe(project);
  });

  it('picks the nearest ancestor when several hold markers', () => {
    mkdirSync(join(dir('outer'), '.git'));
    const inner = dir('outer', 'packages', 'inner');
    writeFileSync(join(inner, 'package.json'), '{}');
    expect(findProjectRoot(dir('outer', 'packages', 'inner', 'src'), elsewhere)).toBe(inner);
    expect(findProjectRoot(dir('outer', 'packages'), elsewhere)).toBe(join(root, 'outer'));
  });

  it('does not climb past the home directory', () => {
    mkdirSync(join(root, '.git'));
    const home = dir('home');
    expect(findProjectRoot(dir('home', 'notes', 'misc'), home)).toBeNull();
  });

  it('never treats the home directory itself as a project, even with a marker', () => {
    const home = dir('home');
    mkdirSync(join(home, '.git'));
    writeFileSync(join(home, '.mcp.json'), '{}');
    expect(findProjectRoot(home, home)).toBeNull();
    expect(findProjectRoot(dir('home', 'sub'), home)).toBeNull();
  });

  it('finds a project below the home directory', () => {
    const home = dir('home');
    const project = dir('home', 'code', 'app');
    writeFileSync(join(project, 'pyproject.toml'), '');
    expect(findProjectRoot(dir('home', 'code', 'app', 'pkg'), home)).toBe(project);
  });

  it('returns null when no ancestor below the temp directory holds a marker', () => {
    expect(findProjectRoot(dir('a', 'b', 'c'), elsewhere)).toBeNull();
  });

  it('normalises the paths it is given', () => {
    const project = dir('p');
    writeFileSync(join(project, '.mcp.json'), '{}');
    expect(findProjectRoot(`${dir('p', 'x')}/../x/./`, elsewhere)).toBe(project);
    expect(findProjectRoot(join(project, 'sub'), `${dir('p')}/`)).toBeNull();
  });
});
