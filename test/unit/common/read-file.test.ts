// The one config-file reader (issue 11, item 2), on real files, links, FIFOs and devices: only regular
// files are read, never past the cap, never by blocking on the open, and every refusal is a value that
// says what the file is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_MAX_BYTES, readProjectFile, readRegularFile } from '../../../src/main/common/read-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-read-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fifo = (path: string) => execFileSync('mkfifo', [path]);

describe('readRegularFile', () => {
  it('reads a regular file and tells a missing one apart from a refusal', () => {
    writeFileSync(join(dir, 'a.json'), '{}');
    expect(readRegularFile(join(dir, 'a.json'))).toEqual({ ok: true, bytes: Buffer.from('{}') });
    expect(readRegularFile(join(dir, 'none.json'))).toEqual({ ok: false, code: 'missing', reason: 'does not exist', errno: 'ENOENT' });
    // A file where a folder should be: absent too, as a path through it cannot exist.
    expect(readRegularFile(join(dir, 'a.json', 'b'))).toMatchObject({ ok: false, code: 'missing' });
  });

  it('refuses a final symlink unless asked to follow it, and then only to a regular file', () => {
    writeFileSync(join(dir, 'target.json'), 'x');
    symlinkSync('target.json', join(dir, 'link.json'));
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    expect(readRegularFile(join(dir, 'link.json'))).toEqual({ ok: false, code: 'symlink', reason: 'is a symbolic link (to target.json)', errno: null });
    expect(readRegularFile(join(dir, 'link.json'), { followSymlink: true })).toEqual({ ok: true, bytes: Buffer.from('x') });
    expect(readRegularFile(join(dir, 'zero.json'))).toMatchObject({ code: 'symlink', reason: 'is a symbolic link (to /dev/zero)' });
    expect(readRegularFile(join(dir, 'zero.json'), { followSymlink: true })).toMatchObject({ code: 'not_regular', reason: 'is a character device, not a regular file' });
  });

  it('refuses a FIFO without blocking on it, followed or not, and names folders and sockets by kind', () => {
    fifo(join(dir, 'pipe'));
    symlinkSync('pipe', join(dir, 'pipe-link'));
    expect(readRegularFile(join(dir, 'pipe'))).toMatchObject({ code: 'not_regular', reason: 'is a named pipe (FIFO), not a regular file' });
    expect(readRegularFile(join(dir, 'pipe-link'), { followSymlink: true })).toMatchObject({ code: 'not_regular', reason: 'is a named pipe (FIFO), not a regular file' });
    mkdirSync(join(dir, 'folder'));
    expect(readRegularFile(join(dir, 'folder'))).toMatchObject({ code: 'not_regular', reason: 'is a folder, not a regular file' });
  });

  it('reads up to the cap and refuses one byte more, naming the size and the limit', () => {
    writeFileSync(join(dir, 'exact'), Buffer.alloc(CONFIG_MAX_BYTES, 0x20));
    writeFileSync(join(dir, 'over'), Buffer.alloc(CONFIG_MAX_BYTES + 1, 0x20));
    const exact = readRegularFile(join(dir, 'exact'));
    expect(exact.ok && exact.bytes.length).toBe(CONFIG_MAX_BYTES);
    expect(readRegularFile(join(dir, 'over'))).toEqual({ ok: false, code: 'too_large', reason: `is larger than 1 MiB (${CONFIG_MAX_BYTES + 1} bytes), the limit for this file`, errno: null });
    writeFileSync(join(dir, 'small'), 'abcdef');
    expect(readRegularFile(join(dir, 'small'), { maxBytes: 5 })).toMatchObject({ code: 'too_large' });
  });
});

describe('readProjectFile', () => {
  let root: string;
  beforeEach(() => {
    root = join(dir, 'project');
    mkdirSync(join(root, '.gatehouse'), { recursive: true });
  });

  it('reads a regular file at its place, also when the root itself is reached through a link', () => {
    writeFileSync(join(root, '.gatehouse', 'policy.yaml'), '{}');
    symlinkSync(root, join(dir, 'linked-root'));
    expect(readProjectFile(root, '.gatehouse/policy.yaml')).toEqual({ ok: true, bytes: Buffer.from('{}') });
    expect(readProjectFile(join(dir, 'linked-root'), '.gatehouse/policy.yaml')).toEqual({ ok: true, bytes: Buffer.from('{}') });
    expect(readProjectFile(root, '.gatehouse/manifest.yaml')).toMatchObject({ code: 'missing' });
  });

  it('refuses the file as a link, with what to do instead', () => {
    writeFileSync(join(dir, 'elsewhere.json'), '{}');
    symlinkSync('../elsewhere.json', join(root, '.mcp.json'));
    expect(readProjectFile(root, '.mcp.json')).toMatchObject({
      ok: false,
      code: 'symlink',
      reason: 'is a symbolic link (to ../elsewhere.json); Gatehouse reads project files only as regular files: replace the link with a copy and review it',
    });
  });

  it('refuses a linked folder between the root and the file, naming the folder', () => {
    const other = join(dir, 'other');
    mkdirSync(join(other, '.gatehouse'), { recursive: true });
    writeFileSync(join(other, '.gatehouse', 'manifest.yaml'), 'version: 1\n');
    const linked = join(dir, 'linked');
    mkdirSync(linked);
    symlinkSync('../other/.gatehouse', join(linked, '.gatehouse'));
    const read = readProjectFile(linked, '.gatehouse/manifest.yaml');
    expect(read).toMatchObject({ ok: false, code: 'symlink' });
    expect(!read.ok && read.reason).toBe(
      `cannot be read: ${join(linked, '.gatehouse')} is a symbolic link (to ../other/.gatehouse); Gatehouse reads project files only through the project's own folders: replace the link with a real folder and review the files in it`,
    );
  });

  it('treats a file where the folder should be as absent, and refuses a FIFO and a device link', () => {
    const flat = join(dir, 'flat');
    mkdirSync(flat);
    writeFileSync(join(flat, '.gatehouse'), '');
    expect(readProjectFile(flat, '.gatehouse/policy.yaml')).toMatchObject({ code: 'missing' });
    fifo(join(root, '.gatehouse', 'policy.yaml'));
    expect(readProjectFile(root, '.gatehouse/policy.yaml')).toMatchObject({
      code: 'not_regular',
      reason: 'is a named pipe (FIFO), not a regular file; Gatehouse reads project files only as regular files: replace it with one and review it',
    });
    symlinkSync('/dev/stdin', join(root, '.mcp.json'));
    expect(readProjectFile(root, '.mcp.json')).toMatchObject({ code: 'symlink', reason: expect.stringMatching(/^is a symbolic link \(to \/dev\/stdin\)/) });
  });
});
