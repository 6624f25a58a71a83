import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/main/common/atomic-write';
import { SecretsError } from '../../../src/main/secrets/errors';
import { SecretsIndex } from '../../../src/main/secrets/index-file';
import { secretsIndexPath } from '../../../src/main/secrets/paths';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-index-'));
  path = join(dir, 'config', 'gatehouse', 'secrets-index.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets-index.json', () => {
  it('lives under XDG_CONFIG_HOME/gatehouse, else ~/.config/gatehouse', () => {
    expect(secretsIndexPath({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/u')).toBe('/x/cfg/gatehouse/secrets-index.json');
    expect(secretsIndexPath({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/gatehouse/secrets-index.json');
    expect(secretsIndexPath({}, '/home/u')).toBe('/home/u/.config/gatehouse/secrets-index.json');
  });

  it('is created 0600 in a 0700 folder, holds names, scopes and times only, and leaves no temp file', async () => {
    const index = new SecretsIndex(path);
    await index.upsert({ scope: 'user' }, 'GITHUB_TOKEN', '2026-01-02T03:04:05.000Z');
    await index.upsert({ scope: 'tenant', projectRoot: '/p', tenant: 'acme' }, 'API_KEY', '2026-01-02T03:04:06.000Z');
    await index.upsert({ scope: 'project', projectRoot: '/p' }, 'API_KEY', '2026-01-02T03:04:07.000Z');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'config', 'gatehouse')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'config', 'gatehouse'))).toEqual(['secrets-index.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      version: 1,
      entries: [
        { scope: 'user', project_root: null, tenant: null, name: 'GITHUB_TOKEN', changed_at: '2026-01-02T03:04:05.000Z' },
        { scope: 'project', project_root: '/p', tenant: null, name: 'API_KEY', changed_at: '2026-01-02T03:04:07.000Z' },
        { scope: 'tenant', project_root: '/p', tenant: 'acme', name: 'API_KEY', changed_at: '2026-01-02T03:04:06.000Z' },
      ],
    });
  });

  it('replaces an entry on upsert, removes one on remove, and keeps concurrent writes', async () => {
    const index = new SecretsIndex(path);
    await index.upsert({ scope: 'user' }, 'A_TOKEN', '2026-01-01T00:00:00.000Z');
    await index.upsert({ scope: 'user' }, 'A_TOKEN', '2026-02-01T00:00:00.000Z');
    expect(await index.entries()).toHaveLength(1);
    expect((await index.entries())[0]?.changed_at).toBe('2026-02-01T00:00:00.000Z');
    await Promise.all(Array.from({ length: 20 }, (_, i) => index.upsert({ scope: 'user' }, `N${i}_TOKEN`)));
    expect(await index.entries()).toHaveLength(21);
    expect(await index.remove({ scope: 'user' }, 'A_TOKEN')).toBe(true);
    expect(await index.remove({ scope: 'user' }, 'A_TOKEN')).toBe(false);
    expect(await index.entries()).toHaveLength(20);
  });

  it('keeps top-level keys it does not own', async () => {
    mkdirSync(join(dir, 'config', 'gatehouse'), { recursive: true });
    writeFileSync(path, JSON.stringify({ version: 1, entries: [], future_field: { kept: true } }));
    await new SecretsIndex(path).upsert({ scope: 'user' }, 'B_TOKEN');
    expect(JSON.parse(readFileSync(path, 'utf8')).future_field).toEqual({ kept: true });
  });

  it('reports a damaged file with its path and the next step instead of overwriting it', async () => {
    mkdirSync(join(dir, 'config', 'gatehouse'), { recursive: true });
    for (const content of ['{not json', JSON.stringify({ version: 2, entries: [] }), JSON.stringify({ version: 1, entries: [{ name: 'X' }] })]) {
      writeFileSync(path, content);
      const error = await new SecretsIndex(path).upsert({ scope: 'user' }, 'C_TOKEN').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SecretsError);
      expect((error as SecretsError).code).toBe('index_invalid');
      expect((error as SecretsError).message).toContain(path);
      expect((error as SecretsError).nextStep).toContain('values stay in the keychain');
      expect(readFileSync(path, 'utf8')).toBe(content);
    }
  });

  it('names the file when it cannot be read', async () => {
    // A file where the folder should be fails for every user, root included.
    mkdirSync(join(dir, 'config'), { recursive: true });
    writeFileSync(join(dir, 'config', 'gatehouse'), 'not a folder');
    const error = await new SecretsIndex(path).entries().catch((e: unknown) => e);
    expect((error as SecretsError).code).toBe('index_invalid');
    expect((error as SecretsError).message).toBe(`could not read ${path}: ENOTDIR`);
  });

  it('names the file when it cannot be written', async () => {
    // The name itself is fine, but the temp file beside it exceeds the file-name limit: a write failure
    // that holds for every user, root included.
    const longPath = join(dir, `${'x'.repeat(240)}.json`);
    const error = await new SecretsIndex(longPath).upsert({ scope: 'user' }, 'D_TOKEN').catch((e: unknown) => e);
    expect((error as SecretsError).code).toBe('index_write_failed');
    expect((error as SecretsError).message).toBe(`could not write ${longPath}: ENAMETOOLONG`);
    expect((error as SecretsError).nextStep).toContain('the keychain entry itself was changed');
  });
});

describe('writeFileAtomic', () => {
  it('refuses to write through a symbolic link', async () => {
    const target = join(dir, 'target.json');
    writeFileSync(target, 'original');
    symlinkSync(target, join(dir, 'link.json'));
    expect(() => writeFileAtomic(join(dir, 'link.json'), 'new')).toThrow('symbolic link');
    expect(readFileSync(target, 'utf8')).toBe('original');
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
  });

  it('sets the requested mode whatever the umask allowed', () => {
    const file = join(dir, 'f.txt');
    const old = process.umask(0o077);
    try {
      writeFileAtomic(file, 'x', 0o640);
    } finally {
      process.umask(old);
    }
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });
});
