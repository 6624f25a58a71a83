// uv's environment for a Python server starts from the children's allowlist, so the machine's TLS trust
// settings reach uv on the gatehouse.python path from the same list as on a plain `uvx` entry.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUvEnv } from '../../../src/main/runtime/uv-env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-uv-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('buildUvEnv', () => {
  it('carries every trust setting of the gateway environment, and no secret', async () => {
    const trust = {
      SSL_CERT_FILE: '/etc/corp/ca.pem',
      SSL_CERT_DIR: '/etc/corp/certs',
      NODE_EXTRA_CA_CERTS: '/etc/corp/ca.pem',
      REQUESTS_CA_BUNDLE: '/etc/corp/bundle.pem',
      CURL_CA_BUNDLE: '/etc/corp/bundle.pem',
      PIP_CERT: '/etc/corp/bundle.pem',
      UV_SYSTEM_CERTS: '1',
    };
    // PATH without pip: `pip config list` is not run, so only the variables below count.
    const env = await buildUvEnv({ gatewayEnv: { PATH: join(dir, 'empty'), HOME: dir, GITHUB_TOKEN: 'ghp_secret', ...trust }, cacheDir: null });
    expect(env).toMatchObject(trust);
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
  });
});
