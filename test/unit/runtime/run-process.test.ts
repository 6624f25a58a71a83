// Helper processes run without a shell, are retried on ETXTBSY (a binary still open for writing), and
// are killed with their whole group when they overrun.
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runProcess } from '../../../src/main/runtime/run-process';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-run-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!${process.execPath}\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('runProcess', () => {
  it('passes argv verbatim (no shell) and collects both streams', async () => {
    const path = script('echo', "process.stdout.write(JSON.stringify(process.argv.slice(2))); process.stderr.write('e');");
    const result = await runProcess(path, ['$HOME', 'a b', ';', '`x`'], { cwd: dir, env: {}, timeoutMs: 30_000 });
    expect(result).toMatchObject({ code: 0, spawnError: null, timedOut: false });
    expect(JSON.parse(result.stdout.toString())).toEqual(['$HOME', 'a b', ';', '`x`']);
    expect(result.stderr.toString()).toBe('e');
  });

  it('retries while the binary is still open for writing, then runs it', async () => {
    const path = script('busy', 'process.exitCode = 7;');
    const writer = openSync(path, 'r+');
    setTimeout(() => closeSync(writer), 20);
    const result = await runProcess(path, [], { cwd: dir, env: {}, timeoutMs: 30_000 });
    expect(result).toMatchObject({ code: 7, spawnError: null });
  });

  it('reports ETXTBSY when the binary never becomes free', async () => {
    const path = script('stuck', '');
    const writer = openSync(path, 'r+');
    try {
      const result = await runProcess(path, [], { cwd: dir, env: {}, timeoutMs: 30_000 });
      expect(result.spawnError?.code).toBe('ETXTBSY');
    } finally {
      closeSync(writer);
    }
  });

  it('reports a missing program as a spawn error', async () => {
    const result = await runProcess(join(dir, 'absent'), [], { cwd: dir, env: {}, timeoutMs: 30_000 });
    expect(result.spawnError?.code).toBe('ENOENT');
  });

  it('kills an overrunning child and its group', async () => {
    const path = script('sleeper', "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000);");
    const result = await runProcess(path, [], { cwd: dir, env: {}, timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
  });
});
