import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveHttpSettings, type HttpFlagValues } from '../../../src/main/http/settings';

function resolve(flags: HttpFlagValues, env: NodeJS.ProcessEnv = {}) {
  const warnings: string[] = [];
  const settings = resolveHttpSettings(flags, { env, readFile: (p) => readFileSync(p, 'utf8'), warn: (l) => warnings.push(l) });
  return { settings, warnings };
}

function failure(flags: HttpFlagValues, env: NodeJS.ProcessEnv = {}): { code: string; message: string } {
  try {
    resolve(flags, env);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a refusal');
}

const RS = {
  auth: 'resource-server',
  'oauth-issuer': 'https://auth.example.com/',
  'oauth-jwks-url': 'https://auth.example.com/.well-known/jwks.json',
  'oauth-audience': 'https://mcp.example.com/mcp',
} satisfies HttpFlagValues;

describe('auth mode', () => {
  it('is none without a token, shared-secret with one (env), flags beating env', () => {
    expect(resolve({}).settings.auth).toEqual({ mode: 'none' });
    expect(resolve({}, { GATEHOUSE_AUTH_TOKEN: 'env-token-0123456789abc' }).settings.auth).toEqual({ mode: 'shared-secret', tokens: [{ principal: 'default', token: 'env-token-0123456789abc' }] });
    expect(resolve({ auth: 'none' }, { GATEHOUSE_AUTH_TOKEN: 'env-token-0123456789abc' }).settings.auth).toEqual({ mode: 'none' });
    expect(resolve({}, { GATEHOUSE_AUTH: 'resource-server', GATEHOUSE_OAUTH_ISSUER: RS['oauth-issuer'], GATEHOUSE_OAUTH_JWKS_URL: RS['oauth-jwks-url'], GATEHOUSE_OAUTH_AUDIENCE: RS['oauth-audience'] }).settings.auth.mode).toBe('resource-server');
  });

  it('warns about --auth-token without printing it', () => {
    const { settings, warnings } = resolve({ 'auth-token': 'cli-token-0123456789abc' });
    expect(settings.auth.mode).toBe('shared-secret');
    expect(warnings.join('\n')).toContain('--auth-token is visible to other local users');
    expect(warnings.join('\n')).not.toContain('cli-token-0123456789abc');
  });

  it('reads a token file with named principals and warns when others can read it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-tokens-'));
    try {
      const file = join(dir, 'tokens');
      writeFileSync(file, 'ci:ci-token-0123456789abcd\nlaptop:laptop-token-0123456789\n');
      chmodSync(file, 0o644);
      const { settings, warnings } = resolve({ 'auth-token-file': file });
      expect(settings.auth).toMatchObject({ mode: 'shared-secret', tokens: [{ principal: 'ci' }, { principal: 'laptop' }] });
      expect(warnings.join('\n')).toContain('chmod 600');
      expect(failure({ 'auth-token-file': join(dir, 'missing') })).toMatchObject({ code: 'E101', message: expect.stringContaining('cannot read') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails closed on missing or unsafe resource-server settings', () => {
    expect(failure({ auth: 'resource-server' }).message).toContain('missing --oauth-issuer, --oauth-jwks-url, --oauth-audience');
    expect(failure({ ...RS, 'oauth-jwks-url': 'http://auth.example.com/jwks' }).message).toContain('is not https');
    expect(failure({ ...RS, 'oauth-jwks-url': 'http://127.0.0.1:9/jwks' }).message).toContain('is not https');
    expect(failure({ ...RS, 'oauth-jwks-url': 'https://127.0.0.1/jwks' }).message).toContain('is loopback');
    expect(failure({ ...RS, 'oauth-jwks-url': 'https://10.1.2.3/jwks' }).message).toContain('is private');
    expect(failure({ ...RS, 'oauth-issuer': 'https://169.254.169.254/' }).message).toContain('link-local');
    expect(failure({ ...RS, 'oauth-algorithm': ['none'] }).message).toContain('"none" is not allowed');
    expect(failure({ ...RS, 'oauth-algorithm': ['HS256'] }).message).toContain('"HS256" is not allowed');
    expect(failure({ ...RS, 'oauth-audience': 'not a url' }).code).toBe('E101');
  });

  it('allows a loopback issuer only with the explicit development flag', () => {
    const local = { ...RS, 'oauth-issuer': 'http://127.0.0.1:8080', 'oauth-jwks-url': 'http://127.0.0.1:8080/jwks' };
    expect(failure(local).code).toBe('E101');
    const { settings } = resolve({ ...local, 'oauth-allow-loopback-issuer': true, 'oauth-algorithm': ['ES256'], 'required-scope': ['mcp', 'mcp'] });
    expect(settings.auth).toMatchObject({ mode: 'resource-server', algorithms: ['ES256'], requiredScopes: ['mcp'] });
  });
});

describe('binding and limits', () => {
  it('refuses a non-loopback bind without auth unless --allow-insecure-bind', () => {
    expect(failure({ host: '0.0.0.0' })).toMatchObject({ code: 'E204', message: expect.stringContaining('refusing to listen on 0.0.0.0') });
    const { warnings } = resolve({ host: '0.0.0.0', 'allow-insecure-bind': true });
    expect(warnings.join('\n')).toContain('without authentication');
    expect(resolve({ host: '0.0.0.0', 'auth-token': 'cli-token-0123456789abc' }).settings.host).toBe('0.0.0.0');
  });

  it('parses rate limit and request timeout, with defaults', () => {
    expect(resolve({}).settings).toMatchObject({ port: 3344, host: '127.0.0.1', rateLimitPerMinute: 0, requestTimeoutMs: 60_000, maxBodyBytes: 10 * 1024 * 1024 });
    expect(resolve({ 'rate-limit': '120', 'request-timeout': '2.5' }).settings).toMatchObject({ rateLimitPerMinute: 120, requestTimeoutMs: 2500 });
    expect(failure({ 'rate-limit': '-1' }).message).toContain('--rate-limit');
    expect(failure({ 'request-timeout': 'soon' }).message).toContain('--request-timeout');
  });

  it('caps sessions per principal at a quarter of the global cap unless GATEHOUSE_* variables say otherwise', () => {
    expect(resolve({}).settings).toMatchObject({ maxSessions: 1000, maxSessionsPerPrincipal: 250 });
    expect(resolve({}, { GATEHOUSE_MAX_SESSIONS: '10' }).settings).toMatchObject({ maxSessions: 10, maxSessionsPerPrincipal: 3 });
    expect(resolve({}, { GATEHOUSE_MAX_SESSIONS_PER_PRINCIPAL: '1000' }).settings).toMatchObject({ maxSessions: 1000, maxSessionsPerPrincipal: 1000 });
    expect(failure({}, { GATEHOUSE_MAX_SESSIONS: '10', GATEHOUSE_MAX_SESSIONS_PER_PRINCIPAL: '11' })).toMatchObject({ code: 'E101', message: expect.stringContaining('GATEHOUSE_MAX_SESSIONS_PER_PRINCIPAL') });
    expect(failure({}, { GATEHOUSE_MAX_SESSIONS: 'many' }).message).toContain('GATEHOUSE_MAX_SESSIONS');
  });
});

describe('replicas and TLS termination (issue 19)', () => {
  it('takes the replica id from GATEHOUSE_REPLICA_ID and refuses one that is not a DNS label', () => {
    expect(resolve({}).settings.replicaId).toBeNull();
    expect(resolve({}, { GATEHOUSE_REPLICA_ID: 'gatehouse-2' }).settings.replicaId).toBe('gatehouse-2');
    expect(failure({}, { GATEHOUSE_REPLICA_ID: 'Replica One' })).toMatchObject({ code: 'E101', message: expect.stringContaining('GATEHOUSE_REPLICA_ID') });
  });

  it('in resource-server mode wants the public URL https and of the audience\'s origin', () => {
    expect(resolve({ ...RS, 'public-url': 'https://mcp.example.com/mcp', 'trust-proxy': true }).settings).toMatchObject({ publicUrl: 'https://mcp.example.com/mcp', trustProxy: true });
    expect(failure({ ...RS, 'public-url': 'http://mcp.example.com/mcp' })).toMatchObject({ code: 'E101', message: expect.stringContaining('not https') });
    expect(failure({ ...RS, 'public-url': 'https://other.example.com/mcp' })).toMatchObject({ code: 'E101', message: expect.stringContaining('not the origin of --oauth-audience') });
    // Plain http stays fine for a loopback public URL and for the other auth modes.
    expect(resolve({ 'public-url': 'http://gatehouse.internal:8080/mcp', 'auth-token': 'cli-token-0123456789abc' }).settings.publicUrl).toBe('http://gatehouse.internal:8080/mcp');
  });
});
