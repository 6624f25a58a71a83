// Diagnostics never print secrets (python-runtime.md §12): a canary secret is seeded in the places a
// secret lives (a secret-named variable, the credentials of an index URL, a server's env) and every
// failure path of verify, prepare and doctor is driven; stdout and stderr must never contain it.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor } from '../../../src/main/cli/doctor';
import { mcp } from '../../../src/main/cli/mcp';
import { writeFakeUv } from '../../unit/runtime/helpers/runtime-root';
import { capture, copyFixture, FIXTURE, PREPARE_TIMEOUT_MS, smokeEnv } from './helpers/python';

const CANARY = 'canary-5e1f9a';
let base: string;
let closedPort: number;
const outputs: string[] = [];

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-canary-')));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function canaryEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return smokeEnv({
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'home/.config'),
    XDG_STATE_HOME: join(base, 'home/.local/state'),
    XDG_CACHE_HOME: join(base, 'home/.cache'),
    GATEHOUSE_CANARY_TOKEN: CANARY,
    UV_DEFAULT_INDEX: `http://gatehouse:${CANARY}@127.0.0.1:${closedPort}/simple`,
    ...extra,
  });
}

async function drive(command: typeof mcp | typeof doctor, argv: string[], env: NodeJS.ProcessEnv, cwd = base): Promise<number> {
  const captured = capture(env, cwd);
  const code = await command(argv, captured.io);
  outputs.push(captured.stdout(), captured.stderr());
  return code;
}

describe('the canary never appears', () => {
  it('prepare against an index that refuses connections, with credentials in its URL', async () => {
    const root = copyFixture(join(base, 'root'));
    expect(await drive(mcp, ['prepare', '--root', root, '--cache-dir', join(base, 'fresh-cache'), '--json'], canaryEnv())).toBe(3);
    expect(await drive(mcp, ['prepare', '--root', root, '--cache-dir', join(base, 'fresh-cache')], canaryEnv())).toBe(3);
  }, PREPARE_TIMEOUT_MS);

  it('a uv that prints secrets on stderr: only its first line is quoted, redacted', async () => {
    const bin = join(base, 'loud-bin');
    writeFakeUv(bin, { otherExitCode: 1, otherStderr: `error: boom GATEHOUSE_CANARY_TOKEN=${CANARY} Bearer ${CANARY} https://u:${CANARY}@idx.invalid/x\nSECRET=${CANARY}\n` });
    const env = canaryEnv({ PATH: `${bin}${delimiter}${process.env.PATH}` });
    const captured = capture(env, base);
    expect(await mcp(['prepare', '--root', FIXTURE, '--cache-dir', join(base, 'loud-cache'), '--offline'], captured.io)).toBe(3);
    mkdirSync(join(base, 'loud-cache'));
    const again = capture(env, base);
    expect(await mcp(['prepare', '--root', FIXTURE, '--cache-dir', join(base, 'loud-cache'), '--offline'], again.io)).toBe(3);
    expect(again.stderr()).toBe(`gatehouse: runtime profile ${again.stderr().match(/[0-9a-f]{64}/)?.[0]} is not offline-ready: error: boom GATEHOUSE_CANARY_TOKEN=<redacted> Bearer <redacted> https://<redacted>@idx.invalid/x\n`);
    outputs.push(captured.stdout(), captured.stderr(), again.stdout(), again.stderr());
    expect(await drive(doctor, ['--root', FIXTURE, '--cache-dir', join(base, 'loud-cache'), '--json'], env)).toBe(1);
  });

  it('verify and doctor failures with the canary in a server env, a config and the feed URL', async () => {
    const project = join(base, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({
      mcpServers: {
        leaky: { command: `missing-${'x'}`, env: { API_KEY: '${GATEHOUSE_CANARY_TOKEN}', OTHER: CANARY } },
        py: { command: 'uv', env: { PYTHONPATH: CANARY }, gatehouse: { python: { script: 'nope.py', root: project } } },
      },
    }));
    const env = canaryEnv({ GATEHOUSE_RELEASE_FEED_URL: `http://u:${CANARY}@127.0.0.1:${closedPort}/?token=${CANARY}` });
    expect(await drive(doctor, ['--root', project, '--json'], env, project)).toBe(1);
    expect(await drive(doctor, ['--root', project], env, project)).toBe(1);
    expect(await drive(mcp, ['verify', '--root', project, '--json'], env, project)).toBe(3);
    expect(await drive(mcp, ['verify', '--root', join(base, 'no-such-root'), '--offline'], env)).toBe(3);
  });

  it('after every path above', () => {
    expect(outputs.length).toBeGreaterThan(10);
    for (const output of outputs) expect(output).not.toContain(CANARY);
  });
});
