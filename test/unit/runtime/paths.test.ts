// Path rules (python-runtime.md §5) on real files: symlinks, escapes through a symlinked folder,
// unsafe relative paths, and the cache folder rules.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCacheDir } from '../../../src/main/runtime/cache-dir';
import { gatehouseDirs } from '../../../src/main/common/dirs';
import type { Checked } from '../../../src/main/runtime/issue';
import { checkFileUnderRoot, checkRoot, isSafeRelativePath } from '../../../src/main/runtime/safe-paths';

let base: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-paths-')));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const issue = <T>(result: Checked<T>) => (result.ok ? null : result.issue);
const RULE = { label: 'runtime server', notRegularMessage: 'runtime server must be a regular, non-symlink file: s.py', ioMessage: (e: string) => `runtime server s.py: ${e}` };
const CODES = { unsafe: 'runtime.path-unsafe', unreadable: 'runtime.path-unreadable' } as const;

describe('isSafeRelativePath', () => {
  it.each(['server.py', 'servers/notes/server.py', 'a-b/c_d.e'])('accepts %s', (path) => expect(isSafeRelativePath(path)).toBe(true));
  it.each(['', '/abs/x.py', '../x.py', 'a/../x.py', './x.py', 'a//x.py', 'a/', 'a\\x.py', 'C:x.py', 'c:/x.py', 'a\0b'])('refuses %j', (path) => expect(isSafeRelativePath(path)).toBe(false));
});

describe('checkRoot', () => {
  it('canonicalizes a real directory', () => {
    mkdirSync(join(base, 'root'));
    expect(checkRoot(join(base, 'root', '.'))).toEqual({ ok: true, value: join(base, 'root') });
  });

  it('refuses a symlinked root, a file and a missing path', () => {
    mkdirSync(join(base, 'real'));
    symlinkSync(join(base, 'real'), join(base, 'link'));
    writeFileSync(join(base, 'file'), '');
    expect(issue(checkRoot(join(base, 'link')))).toMatchObject({ code: 'runtime.path-unsafe', message: 'runtime root must be a non-symlink directory' });
    expect(issue(checkRoot(join(base, 'file')))).toMatchObject({ code: 'runtime.path-unreadable', message: 'runtime root must be a non-symlink directory' });
    expect(issue(checkRoot(join(base, 'missing')))?.message).toBe('runtime root: ENOENT: no such file or directory');
  });
});

describe('checkFileUnderRoot', () => {
  beforeEach(() => mkdirSync(join(base, 'root')));

  it('returns the canonical path of a regular file', () => {
    writeFileSync(join(base, 'root', 's.py'), '');
    expect(checkFileUnderRoot(join(base, 'root'), 's.py', RULE, CODES)).toEqual({ ok: true, value: join(base, 'root', 's.py') });
  });

  it('refuses a symlinked file, a folder and a missing file', () => {
    writeFileSync(join(base, 'outside.py'), '');
    symlinkSync(join(base, 'outside.py'), join(base, 'root', 's.py'));
    expect(issue(checkFileUnderRoot(join(base, 'root'), 's.py', RULE, CODES))).toMatchObject({ code: 'runtime.path-unsafe', message: RULE.notRegularMessage, subject: 's.py' });
    mkdirSync(join(base, 'root', 'dir.py'));
    expect(issue(checkFileUnderRoot(join(base, 'root'), 'dir.py', RULE, CODES))?.code).toBe('runtime.path-unreadable');
    expect(issue(checkFileUnderRoot(join(base, 'root'), 'gone.py', RULE, CODES))).toMatchObject({ code: 'runtime.path-unreadable', data: { reason: 'missing' } });
  });

  it('catches an escape through a symlinked folder inside the root', () => {
    mkdirSync(join(base, 'elsewhere'));
    writeFileSync(join(base, 'elsewhere', 's.py'), '');
    symlinkSync(join(base, 'elsewhere'), join(base, 'root', 'servers'));
    expect(issue(checkFileUnderRoot(join(base, 'root'), 'servers/s.py', RULE, CODES))).toMatchObject({ code: 'runtime.path-unsafe', data: { reason: 'escapes-root' } });
  });
});

describe('checkCacheDir', () => {
  const dirsIn = (home: string) => gatehouseDirs({}, home, 'linux');
  beforeEach(() => mkdirSync(join(base, 'root')));

  it('is null without a flag, and refuses a relative path', () => {
    expect(checkCacheDir({ flag: undefined, create: true, canonicalRoot: null, dirs: dirsIn(base) })).toEqual({ ok: true, value: null });
    expect(issue(checkCacheDir({ flag: 'cache', create: true, canonicalRoot: null, dirs: dirsIn(base) }))).toMatchObject({ code: 'runtime.cache-unsafe', message: 'runtime cache directory must be absolute' });
  });

  it('creates the folder 0700 only when asked, never otherwise', () => {
    const cache = join(base, 'cache', 'uv');
    expect(issue(checkCacheDir({ flag: cache, create: false, canonicalRoot: null, dirs: dirsIn(base) }))).toMatchObject({ code: 'runtime.cache-unavailable', message: 'runtime cache directory: ENOENT: no such file or directory' });
    expect(() => statSync(cache)).toThrow();
    expect(checkCacheDir({ flag: cache, create: true, canonicalRoot: null, dirs: dirsIn(base) })).toEqual({ ok: true, value: cache });
    expect(statSync(cache).mode & 0o777).toBe(0o700);
  });

  it('refuses a symlinked cache, a file, and folders inside the root, config or state', () => {
    mkdirSync(join(base, 'real'));
    symlinkSync(join(base, 'real'), join(base, 'link'));
    writeFileSync(join(base, 'file'), '');
    const dirs = dirsIn(base);
    for (const dir of [dirs.config, dirs.state, join(base, 'root', 'cache')]) mkdirSync(dir, { recursive: true });
    const unsafe = (flag: string) => issue(checkCacheDir({ flag, create: false, canonicalRoot: join(base, 'root'), dirs }));
    expect(unsafe(join(base, 'link'))).toMatchObject({ code: 'runtime.cache-unsafe', message: 'runtime cache directory must be a non-symlink directory' });
    expect(unsafe(join(base, 'file'))?.code).toBe('runtime.cache-unsafe');
    expect(unsafe(join(base, 'root', 'cache'))?.message).toBe('runtime cache directory must be outside the runtime root');
    expect(unsafe(dirs.config)?.message).toBe("runtime cache directory must be outside Gatehouse's config directory");
    expect(unsafe(dirs.state)?.message).toBe("runtime cache directory must be outside Gatehouse's state directory");
  });

  it('reports a folder it cannot create', () => {
    writeFileSync(join(base, 'blocker'), '');
    expect(issue(checkCacheDir({ flag: join(base, 'blocker', 'cache'), create: true, canonicalRoot: null, dirs: dirsIn(base) }))).toMatchObject({ code: 'runtime.cache-unavailable', data: { reason: 'cannot-create' } });
  });
});
