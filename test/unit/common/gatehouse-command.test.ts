// The launch command hints name: `npx gatehouse` under npx or npm and when no `gatehouse` is on PATH,
// `gatehouse` when an installed one is; quoted commands in fixed texts are rewritten to match.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../../../src/main/common/find-executable';
import { gatehouseCommand, gatehouseCommandFor, gatehouseRun, withGatehouseCommand } from '../../../src/main/common/gatehouse-command';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gatehouseCommandFor', () => {
  const onPath = (names: string[]) => (name: string) => names.includes(name);

  it('is "npx gatehouse" when npx or npm launched it, even with an installed gatehouse on PATH', () => {
    expect(gatehouseCommandFor({ npm_command: 'exec', npm_lifecycle_event: 'npx' }, onPath(['gatehouse']))).toBe('npx gatehouse');
    expect(gatehouseCommandFor({ npm_command: 'run-script', npm_lifecycle_event: 'gatehouse' }, onPath(['gatehouse']))).toBe('npx gatehouse');
  });

  it('is "gatehouse" when a gatehouse is on PATH, else "npx gatehouse"', () => {
    expect(gatehouseCommandFor({}, onPath(['gatehouse']))).toBe('gatehouse');
    expect(gatehouseCommandFor({ npm_command: '' }, onPath(['gatehouse']))).toBe('gatehouse');
    expect(gatehouseCommandFor({}, onPath(['node']))).toBe('npx gatehouse');
  });

  it('finds a real executable gatehouse on a PATH, and not a file that cannot run', () => {
    const bin = join(dir, 'bin');
    const plain = join(dir, 'plain');
    for (const [folder, mode] of [[bin, 0o755], [plain, 0o644]] as const) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder);
      writeFileSync(join(folder, 'gatehouse'), '#!/bin/sh\n');
      chmodSync(join(folder, 'gatehouse'), mode);
    }
    const lookup = (path: string) => (name: string) => findExecutable(name, path) !== null;
    expect(gatehouseCommandFor({}, lookup(bin))).toBe('gatehouse');
    expect(gatehouseCommandFor({}, lookup(plain))).toBe('npx gatehouse');
  });
});

describe('texts naming a command', () => {
  it('spell it as this process is run', () => {
    const command = gatehouseCommand();
    expect(gatehouseRun('logs --server x')).toBe(`${command} logs --server x`);
    expect(withGatehouseCommand('Run `gatehouse mcp prepare --cache-dir <dir>` once; the gatehouse entry stays.')).toBe(`Run \`${command} mcp prepare --cache-dir <dir>\` once; the gatehouse entry stays.`);
  });
});
