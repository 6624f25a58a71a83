// Reading the last lines across rotated copies, and following a file through rotation.
import { appendFileSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followFile } from '../../../src/main/logs/follow';
import { tailLines } from '../../../src/main/logs/read-tail';
import { waitFor } from '../../helpers/wait';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-tail-'));
  path = join(dir, 'gateway.log');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tailLines', () => {
  it('takes the last lines across rotated copies, oldest first', async () => {
    writeFileSync(`${path}.3`, 'a1\na2\n');
    writeFileSync(`${path}.2`, 'b1\nb2\n');
    writeFileSync(`${path}.1`, 'c1\nc2\n');
    writeFileSync(path, 'd1\nd2\n');
    expect((await tailLines(path, 5))?.lines).toEqual(['b2', 'c1', 'c2', 'd1', 'd2']);
    expect((await tailLines(path, 100))?.lines).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'd1', 'd2']);
    expect((await tailLines(path, 0))?.lines).toEqual([]);
  });

  it('filters before counting, and leaves a line still being written for the follower', async () => {
    writeFileSync(`${path}.1`, '[a] one\n[b] two\n[a] three\n');
    writeFileSync(path, '[b] four\n[a] five\n[a] half');
    const tail = await tailLines(path, 2, (line) => line.startsWith('[a]'));
    expect(tail?.lines).toEqual(['[a] three', '[a] five']);
    expect(tail?.end).toEqual({ ino: statSync(path).ino, offset: '[b] four\n[a] five\n'.length });
  });

  it('says null when there is no file and no copy, and still reads copies when the file is gone', async () => {
    expect(await tailLines(path, 10)).toBeNull();
    writeFileSync(`${path}.1`, 'only rotated\n');
    expect(await tailLines(path, 10)).toEqual({ lines: ['only rotated'], end: null });
  });
});

describe('followFile', () => {
  it('prints appended lines from where the tail ended, through a rotation, until stopped', async () => {
    writeFileSync(path, 'old\npart');
    const tail = await tailLines(path, 10);
    const seen: string[] = [];
    const stop = new AbortController();
    const following = followFile(path, tail?.end ?? null, (line) => seen.push(line), stop.signal, 20);
    appendFileSync(path, 'ial\nnew 1\n');
    await waitFor(() => seen.includes('new 1'), 'the appended line');
    // Rotation: the rest of the old file is still read, then the new file from its start.
    appendFileSync(path, 'last of old\n');
    renameSync(path, `${path}.1`);
    writeFileSync(path, 'first of new\n');
    await waitFor(() => seen.includes('first of new'), 'the line of the new file');
    stop.abort();
    await following;
    expect(seen).toEqual(['partial', 'new 1', 'last of old', 'first of new']);
  });

  it('waits for a file that does not exist yet', async () => {
    const seen: string[] = [];
    const stop = new AbortController();
    const following = followFile(path, null, (line) => seen.push(line), stop.signal, 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(path, 'born\n');
    await waitFor(() => seen.includes('born'), 'the first line');
    stop.abort();
    await following;
    expect(seen).toEqual(['born']);
  });
});
