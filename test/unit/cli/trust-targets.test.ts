// Which paths `gatehouse trust approve|revoke FILE` accepts, and the yes/no question it asks.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirm } from '../../../src/main/cli/confirm';
import type { TrustIo } from '../../../src/main/cli/trust-context';
import { namedTargets } from '../../../src/main/cli/trust-targets';

let base: string;
let project: string;
let home: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-trust-targets-')));
  project = join(base, 'project');
  home = join(base, 'home');
  mkdirSync(join(project, '.gatehouse'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(project, '.mcp.json'), '{}');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const io = (cwd: string): TrustIo => ({ stdin: new PassThrough(), stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd, homeDir: home });

describe('namedTargets', () => {
  it('names the same file by relative, absolute or symlinked path, once', () => {
    symlinkSync(project, join(base, 'link'));
    const result = namedTargets(['.mcp.json', join(project, '.mcp.json'), join(base, 'link', '.mcp.json')], { root: project, explicit: false }, io(project));
    expect(result).toEqual({ ok: true, targets: [{ path: join(project, '.mcp.json'), root: project }] });
  });

  it('infers the project from a trust-gated path only without --project, and never takes the home folder', () => {
    const manifest = join(project, '.gatehouse', 'manifest.yaml');
    expect(namedTargets([manifest], { root: null, explicit: false }, io(home))).toEqual({ ok: true, targets: [{ path: manifest, root: project }] });
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(elsewhere);
    expect(namedTargets([manifest], { root: elsewhere, explicit: true }, io(home))).toEqual({ ok: false, message: expect.stringContaining(`pass --project ${project}`) });
    expect(namedTargets([join(home, '.mcp.json')], { root: null, explicit: false }, io(home))).toMatchObject({ ok: false });
    expect(namedTargets([join(project, 'manifest.yaml')], { root: project, explicit: false }, io(project))).toMatchObject({ ok: false });
  });

  it('lets an approval already in trust.json be named even when it is no project file any more', () => {
    const stale = join(base, 'gone', 'config.json');
    expect(namedTargets([stale], { root: project, explicit: true }, io(project), new Set([stale]))).toMatchObject({ ok: true, targets: [{ path: stale }] });
  });
});

describe('confirm', () => {
  async function answer(text: string | null): Promise<{ yes: boolean; prompt: string }> {
    const input = new PassThrough();
    let prompt = '';
    const pending = confirm(input, { write: (t: string) => (prompt += t) }, 'Approve?');
    if (text === null) input.end();
    else input.write(text);
    return { yes: await pending, prompt };
  }

  it('takes only y or yes as consent', async () => {
    for (const text of ['y\n', 'yes\n', ' Y \n', 'YES\r\n']) expect((await answer(text)).yes, text).toBe(true);
    for (const text of ['\n', 'n\n', 'no\n', 'yes please\n', 'yy\n']) expect((await answer(text)).yes, text).toBe(false);
  });

  it('declines at the end of input and shows the default', async () => {
    expect(await answer(null)).toEqual({ yes: false, prompt: 'Approve? [y/N] \n' });
  });
});
