// A remote entry's §4.2 auth fields are carried on its definition (for auth_metadata), absent when the
// entry states none, and a malformed one skips the entry with a located diagnostic like any bad field.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readSource } from '../../../src/main/config/read-source';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-remote-auth-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function read(servers: Record<string, unknown>) {
  const path = join(dir, '.mcp.json');
  writeFileSync(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return readSource({ source: 'project', path, defaultCwd: dir });
}

it('carries the declared auth metadata on the remote definition', () => {
  const readout = read({
    docs: {
      type: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer ${DOCS_TOKEN}' },
      protected_resource_metadata_url: 'https://mcp.example.com/.well-known/oauth-protected-resource',
      authorization_server_metadata_url: 'https://login.example.com/.well-known/oauth-authorization-server',
      oidc_issuer_url: 'https://login.example.com',
      oidc_discovery_url: 'https://login.example.com/.well-known/openid-configuration',
      client_id_metadata_document_url: 'https://gatehouse.example.com/client.json',
      declared_scopes: ['docs:read', 'docs:write'],
      supports_url_elicitation: true,
    },
    plain: { url: 'https://plain.example.com/mcp' },
  });
  expect(readout.issues).toEqual([]);
  expect(readout.servers.get('docs')).toMatchObject({
    transport: 'http',
    auth: {
      protectedResourceMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource',
      authorizationServerMetadataUrl: 'https://login.example.com/.well-known/oauth-authorization-server',
      oidcIssuerUrl: 'https://login.example.com',
      oidcDiscoveryUrl: 'https://login.example.com/.well-known/openid-configuration',
      clientIdMetadataDocumentUrl: 'https://gatehouse.example.com/client.json',
      declaredScopes: ['docs:read', 'docs:write'],
      supportsUrlElicitation: true,
    },
  });
  expect(readout.servers.get('plain')).not.toHaveProperty('auth');
});

it('keeps only the fields an entry states', () => {
  const readout = read({ docs: { type: 'sse', url: 'https://mcp.example.com/sse', declared_scopes: ['read'] } });
  expect(readout.servers.get('docs')).toMatchObject({ transport: 'sse', auth: { declaredScopes: ['read'] } });
  expect(Object.keys((readout.servers.get('docs') as { auth: object }).auth)).toEqual(['declaredScopes']);
});

it('skips an entry whose auth metadata URL is not http(s), naming the field and line', () => {
  const readout = read({ docs: { url: 'https://mcp.example.com/mcp', protected_resource_metadata_url: 'file:///etc/passwd' }, other: { url: 'https://x.example.com/mcp' } });
  expect(readout.servers.has('docs')).toBe(false);
  expect(readout.servers.has('other')).toBe(true);
  expect(readout.issues).toEqual([
    expect.objectContaining({ field: 'mcpServers.docs.protected_resource_metadata_url', line: 5, message: 'server "docs": protected_resource_metadata_url must be an http(s) URL' }),
  ]);
});
