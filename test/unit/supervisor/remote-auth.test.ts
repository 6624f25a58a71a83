// A refused remote credential as E201: auth_state by status and error, the challenge and declared
// metadata as auth fields with sanitised URLs, diagnostics for what does not add up, and the fetch
// guard that remembers refusals during the handshake and fails requests itself afterwards.
import { describe, expect, it } from 'vitest';
import type { RemoteServerDefinition } from '../../../src/main/config/types';
import { GatewayError } from '../../../src/main/common/errors';
import { authRejectedError, remoteAuthGuard } from '../../../src/main/supervisor/remote-auth';

const definition: RemoteServerDefinition = {
  name: 'docs',
  source: 'project',
  sourcePath: null,
  startupPolicy: 'lazy',
  transport: 'http',
  url: 'https://mcp.example.com/mcp',
  headers: { Authorization: 'Bearer ${DOCS_TOKEN}' },
};

const METADATA = 'resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp?tenant=secret#x"';

describe('authRejectedError', () => {
  it('turns a 401 challenge into missing_auth with the challenge and the auth_connect step', () => {
    const error = authRejectedError(definition, { status: 401, header: `Bearer realm="docs", ${METADATA}, scope="docs:read"` });
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.code).toBe('E201');
    expect(error.retryable).toBe(true);
    expect(error.details).toMatchObject({
      server: 'docs',
      http_status: 401,
      auth_state: 'missing_auth',
      next_step: "gateway.auth_connect(server_name='docs')",
      auth_challenge: {
        scheme: 'Bearer',
        resource_metadata_url: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
        scope: 'docs:read',
        missing_scopes: ['docs:read'],
        error: null,
        error_description: null,
      },
      auth_metadata: { protected_resource_metadata_url: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp', declared_scopes: [], missing_scopes: ['docs:read'], granted_scopes: null, diagnostics: [] },
    });
    expect(error.suggestion).toContain("gateway.auth_connect(server_name='docs', env_var='DOCS_TOKEN'");
    expect(JSON.stringify(error)).not.toContain('tenant=secret');
  });

  it('reads error=invalid_token as missing_auth and error=insufficient_scope as insufficient_scope, whatever the status', () => {
    const expired = authRejectedError(definition, { status: 403, header: 'Bearer error="invalid_token", error_description="expired"' });
    expect(expired.details.auth_state).toBe('missing_auth');
    expect(expired.message).toContain('HTTP 403, invalid_token: expired');
    expect(authRejectedError(definition, { status: 401, header: 'Bearer error="insufficient_scope", scope="a"' }).details.auth_state).toBe('insufficient_scope');
    expect(authRejectedError(definition, { status: 403, header: null }).details.auth_state).toBe('insufficient_scope');
  });

  it('reports declared metadata and what the challenge contradicts', () => {
    const declared: RemoteServerDefinition = {
      ...definition,
      auth: {
        protectedResourceMetadataUrl: 'https://other.example.com/prm',
        authorizationServerMetadataUrl: 'https://login.example.com/.well-known/oauth-authorization-server?x=1',
        oidcIssuerUrl: 'https://login.example.com',
        clientIdMetadataDocumentUrl: 'https://client.example.com/gatehouse.json',
        declaredScopes: ['docs:read'],
      },
    };
    const error = authRejectedError(declared, { status: 403, header: `Bearer error="insufficient_scope", scope="docs:read docs:write", ${METADATA}` });
    expect(error.details.auth_metadata).toEqual({
      protected_resource_metadata_url: 'https://other.example.com/prm',
      authorization_server_metadata_url: 'https://login.example.com/.well-known/oauth-authorization-server',
      oidc_issuer_url: 'https://login.example.com/',
      oidc_discovery_url: null,
      client_id_metadata_document_url: 'https://client.example.com/gatehouse.json',
      declared_scopes: ['docs:read'],
      granted_scopes: null,
      missing_scopes: ['docs:read', 'docs:write'],
      diagnostics: [
        'the challenge names resource metadata at https://mcp.example.com/.well-known/oauth-protected-resource/mcp; the config names https://other.example.com/prm',
        'the challenge asks for docs:write, which declared_scopes does not list',
      ],
    });
    expect(error.suggestion).toMatch(/^the token lacks scope\(s\) docs:read docs:write; store a token that grants them/);
  });

  it('says why there is no challenge: no header, an unparseable one, or no Bearer scheme', () => {
    const diagnostics = (header: string | null) => (authRejectedError(definition, { status: 401, header }).details.auth_metadata as { diagnostics: string[] }).diagnostics;
    expect(diagnostics(null)).toEqual(['HTTP 401 came without a WWW-Authenticate header']);
    expect(diagnostics('Bearer realm="open')).toEqual(['the WWW-Authenticate header could not be parsed, so its challenge was ignored']);
    expect(diagnostics('Basic realm="x"')).toEqual(['the server offers Basic, not Bearer']);
    expect(authRejectedError(definition, { status: 401, header: 'Basic realm="x"' }).details.auth_challenge).toMatchObject({ scheme: 'Basic' });
    expect(authRejectedError(definition, { status: 401, header: null }).details.auth_challenge).toBeNull();
  });

  it('drops a resource_metadata that is not http(s), and caps the error description', () => {
    const error = authRejectedError(definition, { status: 401, header: `Bearer resource_metadata="javascript:alert(1)", error_description="${'x'.repeat(500)}"` });
    const challenge = error.details.auth_challenge as { resource_metadata_url: string | null; error_description: string };
    expect(challenge.resource_metadata_url).toBeNull();
    expect(challenge.error_description).toHaveLength(200);
    expect((error.details.auth_metadata as { diagnostics: string[] }).diagnostics).toContain("the challenge's resource_metadata is not an http(s) URL and was dropped");
  });

  it('asks for a header when the entry sends no ${VAR}', () => {
    const bare = authRejectedError({ ...definition, headers: {} }, { status: 401, header: 'Bearer' });
    expect(bare.suggestion).toContain('add a header such as "Authorization": "Bearer ${NAME}" to "docs"');
  });
});

describe('remoteAuthGuard', () => {
  const refusing = (status: number) => async () => new Response('{}', { status, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

  it('remembers a refusal during the handshake and lets the SDK see the response', async () => {
    const guard = remoteAuthGuard(definition, refusing(401));
    const response = await guard.fetch('https://mcp.example.com/mcp', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(guard.rejection()).toEqual({ status: 401, header: 'Bearer error="invalid_token"' });
  });

  it('fails a request itself with the E201 once armed, and passes other answers through', async () => {
    const guard = remoteAuthGuard(definition, refusing(403));
    guard.arm();
    await expect(guard.fetch('https://mcp.example.com/mcp')).rejects.toMatchObject({ code: 'E201', details: { auth_state: 'missing_auth', http_status: 403 } });
    const ok = remoteAuthGuard(definition, async () => new Response('ok', { status: 200 }));
    ok.arm();
    expect((await ok.fetch('https://mcp.example.com/mcp')).status).toBe(200);
    expect(ok.rejection()).toBeNull();
  });
});
