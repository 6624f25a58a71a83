// A plain `"command": "uvx"` server on a machine whose package index only a private CA vouches for
// (issue 12, item 6). The index is a loopback HTTPS server holding one wheel, an MCP server on the standard
// library; Gatehouse launches `uvx gatehouse-tls-echo`, so a tool call answers only if uv installed that
// wheel over the private-CA connection. The CA reaches uv only through the trust variable in the
// gateway's own environment: the entry names the index, a fresh cache and a fixed interpreter, never a
// certificate. Without any trust variable the same entry must fail with uv's certificate error.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { invoke } from '../../helpers/invoke';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireUv, smokePython } from '../runtime/helpers/python';
import { buildEchoWheel, makePrivateCa, PACKAGE, startPrivateIndex, type PrivateCa, type PrivateIndex, type Wheel } from './private-ca-index';

// Every way a process on this machine could be told about extra trust roots, and every UV_* setting:
// the test's gateway starts with none of them, so only what a test adds can reach uv.
const TRUST_NAMES = /^(SSL_CERT_FILE|SSL_CERT_DIR|NODE_EXTRA_CA_CERTS|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|PIP_CERT|UV_.*)$/;

let base: string;
let ca: PrivateCa;
let wheel: Wheel;
let index: PrivateIndex;
let workspace: Workspace;
let core: CoreUnderTest | undefined;

beforeAll(async () => {
  requireUv();
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-tls-')));
  ca = makePrivateCa(base);
  wheel = buildEchoWheel(base, smokePython());
  index = await startPrivateIndex(ca, wheel);
});
afterAll(async () => {
  await index?.close();
  rmSync(base, { recursive: true, force: true });
});
beforeEach(() => {
  workspace = createWorkspace();
  index.requests.length = 0;
  index.tlsErrors.length = 0;
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace.cleanup();
});

/** The gateway's environment: the test process's own minus every trust setting, plus `trust`. */
function gatewayEnv(trust: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !TRUST_NAMES.test(name)));
  // Loopback never goes through a proxy, whatever the machine's proxy settings say.
  return { ...env, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1', ...trust };
}

/** The entry an operator would write, plus what keeps the run offline and repeatable. */
function uvxEntry() {
  const cache = join(workspace.root, 'uv-cache');
  mkdirSync(cache);
  return {
    command: 'uvx',
    args: [PACKAGE],
    env: {
      UV_DEFAULT_INDEX: index.url,
      // A fresh cache: the wheel must come over the network in every test, never from an earlier one.
      UV_CACHE_DIR: cache,
      UV_TOOL_DIR: join(workspace.root, 'uv-tools'),
      // The machine's own uv.toml must not add an index; no interpreter is ever downloaded.
      UV_NO_CONFIG: '1',
      UV_PYTHON: smokePython(),
      UV_PYTHON_DOWNLOADS: 'never',
    },
  };
}

async function stderrOf(name: string): Promise<string[]> {
  const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(core!.client, 'gateway.health', { verbose: true });
  return body.servers.find((s) => s.name === name)?.stderr_tail ?? [];
}

describe('a uvx server whose package index needs a private CA', () => {
  it('installs and runs when the gateway environment carries SSL_CERT_FILE naming the CA', async () => {
    workspace.writeConfig({ mcpServers: { pkg: uvxEntry() } });
    core = await startCore(workspace, gatewayEnv({ SSL_CERT_FILE: ca.caFile }));
    const outcome = await invoke(core.client, 'pkg::echo', { message: 'over the private CA' });
    expect(outcome, outcome.message).toMatchObject({ ok: true, text: 'over the private CA' });
    // uv fetched the project page and the wheel from the loopback index, over TLS it accepted.
    expect(index.requests).toContain(`/simple/${PACKAGE}/`);
    expect(index.requests).toContain(`/files/${wheel.name}`);
    expect(index.tlsErrors).toEqual([]);
    expect(await stderrOf('pkg')).toContain('gatehouse-tls-echo: installed and running');
  });

  it('installs and runs when the gateway environment carries SSL_CERT_DIR naming a folder with the CA', async () => {
    workspace.writeConfig({ mcpServers: { pkg: uvxEntry() } });
    core = await startCore(workspace, gatewayEnv({ SSL_CERT_DIR: ca.caDir }));
    const outcome = await invoke(core.client, 'pkg::echo', { message: 'through the CA folder' });
    expect(outcome, outcome.message).toMatchObject({ ok: true, text: 'through the CA folder' });
    expect(index.requests).toContain(`/files/${wheel.name}`);
  });

  it("fails with uv's certificate error when no trust setting names the CA (the index is not trusted by default)", async () => {
    workspace.writeConfig({ mcpServers: { pkg: uvxEntry() } });
    core = await startCore(workspace, gatewayEnv({}));
    const outcome = await invoke(core.client, 'pkg::echo', { message: 'x' });
    expect(outcome).toMatchObject({ ok: false, code: 'E204', details: { server: 'pkg' } });
    expect(outcome.message).toContain('server "pkg" exited during start-up');
    expect((await stderrOf('pkg')).join('\n')).toContain('invalid peer certificate: UnknownIssuer');
    // uv broke the handshake off: no request ever reached the index.
    expect(index.requests).toEqual([]);
    expect(index.tlsErrors.join('\n')).toContain('unknown ca');
  });
});
