// The rotating line file: size rotation keeping N copies, private modes, batching, and the one-time
// failure report (never a throw) when the file cannot be written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openRotatingFile } from '../../../src/main/logs/rotating-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-rotating-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');

it('rotates before a line would pass the limit, keeps the newest copies and drops the oldest', async () => {
  const path = join(dir, 'logs', 'gateway.log');
  const file = openRotatingFile(path, { maxBytes: 40, keep: 2 });
  // 10 bytes a line: four fit in one file.
  for (let i = 0; i < 14; i++) file.write(`line ${String(i).padStart(4, '0')}`);
  await file.flush();
  expect(read(`${path}.3`)).toBe('');
  expect(read(`${path}.2`).split('\n').filter(Boolean)).toEqual(['line 0004', 'line 0005', 'line 0006', 'line 0007']);
  expect(read(`${path}.1`).split('\n').filter(Boolean)).toEqual(['line 0008', 'line 0009', 'line 0010', 'line 0011']);
  expect(read(path)).toBe('line 0012\nline 0013\n');
  for (const name of [path, `${path}.1`, `${path}.2`]) expect(statSync(name).size).toBeLessThanOrEqual(40);
});

it('continues an existing file across restarts and rotates it by its size on disk', async () => {
  const path = join(dir, 'audit.jsonl');
  writeFileSync(path, `${'x'.repeat(35)}\n`, { mode: 0o600 });
  const file = openRotatingFile(path, { maxBytes: 40, keep: 3 });
  file.write('next one');
  await file.flush();
  expect(read(`${path}.1`)).toBe(`${'x'.repeat(35)}\n`);
  expect(read(path)).toBe('next one\n');
});

it('creates the file 0600 in a 0700 folder and narrows an existing file that is open to others', async () => {
  const fresh = join(dir, 'state', 'logs', 'gateway.log');
  const file = openRotatingFile(fresh);
  file.write('hello');
  await file.flush();
  expect(statSync(fresh).mode & 0o777).toBe(0o600);
  expect(statSync(join(dir, 'state', 'logs')).mode & 0o777).toBe(0o700);

  const loose = join(dir, 'loose.log');
  writeFileSync(loose, 'old\n', { mode: 0o644 });
  const again = openRotatingFile(loose);
  again.write('new');
  await again.flush();
  expect(statSync(loose).mode & 0o777).toBe(0o600);
  expect(read(loose)).toBe('old\nnew\n');
});

it('writes the lines of one event-loop turn together, in order, and flush waits for all of them', async () => {
  const path = join(dir, 'order.log');
  const file = openRotatingFile(path);
  for (let i = 0; i < 500; i++) file.write(`n${i}`);
  expect(read(path)).toBe(''); // nothing written synchronously
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 500; i < 1000; i++) file.write(`n${i}`);
  await file.flush();
  expect(read(path).split('\n').filter(Boolean)).toEqual(Array.from({ length: 1000 }, (_, i) => `n${i}`));
});

it('reports a failure once, stops writing and never throws', async () => {
  const blocker = join(dir, 'not-a-folder');
  writeFileSync(blocker, '');
  const reports: string[] = [];
  const file = openRotatingFile(join(blocker, 'gateway.log'), { onFailure: (message) => reports.push(message) });
  file.write('one');
  await file.flush();
  file.write('two');
  await file.flush();
  expect(reports).toHaveLength(1);
  expect(reports[0]).toContain(join(blocker, 'gateway.log'));
  expect(reports[0]).toMatch(/ENOTDIR|EEXIST/);
});

it('never writes through a symbolic link planted at the path', async () => {
  const target = join(dir, 'elsewhere.txt');
  writeFileSync(target, 'untouched\n');
  mkdirSync(join(dir, 'logs'));
  const path = join(dir, 'logs', 'gateway.log');
  symlinkSync(target, path);
  const reports: string[] = [];
  const file = openRotatingFile(path, { onFailure: (message) => reports.push(message) });
  file.write('must not land in the target');
  await file.flush();
  expect(read(target)).toBe('untouched\n');
  expect(reports[0]).toContain('symbolic link');
});

it('stops quietly when its folder is removed while running', async () => {
  const folder = join(dir, 'state');
  const reports: string[] = [];
  const file = openRotatingFile(join(folder, 'audit.jsonl'), { onFailure: (message) => reports.push(message) });
  file.write('before');
  await file.flush();
  rmSync(folder, { recursive: true });
  file.write('after');
  await file.flush();
  expect(existsSync(folder)).toBe(false);
  expect(reports).toEqual([]);
});

it('keeps the file open between batches, yet follows a rotation or removal done by someone else', async () => {
  const path = join(dir, 'gateway.log');
  const file = openRotatingFile(path, { recheckMs: 50 });
  file.write('first');
  await file.flush();
  // Another writer (a second gateway, logrotate) moves the file away, then the file is removed outright.
  renameSync(path, `${path}.1`);
  await new Promise((resolve) => setTimeout(resolve, 80));
  file.write('second');
  await file.flush();
  expect(read(`${path}.1`)).toBe('first\n');
  expect(read(path)).toBe('second\n');
  rmSync(path);
  await new Promise((resolve) => setTimeout(resolve, 80));
  file.write('third');
  await file.flush();
  expect(read(path)).toBe('third\n');
});
