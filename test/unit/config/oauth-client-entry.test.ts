// `gatehouse.oauth` in a remote entry: a pre-registered OAuth client. The secret is a ${NAME} reference,
// never a value in the file; a bad setting skips the entry with a located diagnostic naming the field.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readSource } from '../../../src/main/config/read-source';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-oauth-client-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function read(servers: Record<string, unknown>) {
  const path = join(dir, '.mcp.json');
  writeFileSync(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return readSource({ source: 'project', path, defaultCwd: dir });
}

it('carries the client id and the name of the variable holding the secret', () => {
  const readout = read({
    docs: { url: 'https://mcp.example.com/mcp', declared_scopes: ['read'], gatehouse: { oauth: { client_id: 'gatehouse-docs', client_secret: '${DOCS_CLIENT_SECRET}' } } },
    public: { url: 'https://public.example.com/mcp', gatehouse: { oauth: { client_id: 'gatehouse-public' } } },
  });
  expect(readout.issues).toEqual([]);
  expect(readout.servers.get('docs')).toMatchObject({ auth: { declaredScopes: ['read'], preregisteredClient: { clientId: 'gatehouse-docs', clientSecretVariable: 'DOCS_CLIENT_SECRET' } } });
  expect((readout.servers.get('public') as { auth: object }).auth).toEqual({ preregisteredClient: { clientId: 'gatehouse-public' } });
});

it('refuses a client secret written in the file, without repeating it', () => {
  const readout = read({ docs: { url: 'https://mcp.example.com/mcp', gatehouse: { oauth: { client_id: 'gatehouse-docs', client_secret: 's3cr3t-value-in-the-file' } } } });
  expect(readout.servers.has('docs')).toBe(false);
  expect(readout.issues).toEqual([expect.objectContaining({ field: 'mcpServers.docs.gatehouse.oauth.client_secret' })]);
  expect(readout.issues[0]?.message).toContain('client_secret must name a variable, as "${NAME}"');
  expect(readout.issues[0]?.message).toContain('gatehouse secrets set NAME');
  expect(JSON.stringify(readout.issues)).not.toContain('s3cr3t-value-in-the-file');
});

it('refuses a missing client_id, unknown keys, and the setting on a stdio server', () => {
  const readout = read({
    empty: { url: 'https://mcp.example.com/mcp', gatehouse: { oauth: { client_secret: '${X_SECRET}' } } },
    typo: { url: 'https://mcp.example.com/mcp', gatehouse: { oauth: { client_id: 'a', clientSecret: '${X_SECRET}' } } },
    local: { command: 'node', gatehouse: { oauth: { client_id: 'a' } } },
  });
  expect(readout.servers.size).toBe(0);
  const fields = readout.issues.map((issue) => issue.field);
  expect(fields).toEqual(expect.arrayContaining(['mcpServers.empty.gatehouse.oauth.client_id', 'mcpServers.typo.gatehouse.oauth', 'mcpServers.local.gatehouse.oauth']));
  expect(readout.issues.find((issue) => issue.field === 'mcpServers.local.gatehouse.oauth')?.message).toContain('applies to remote servers');
});
