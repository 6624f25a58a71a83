// An authorization server that publishes a non-web authorization endpoint: what a hostile or broken one
// could send a sign-in to. Shared by the tests that show Gatehouse neither opens nor offers such a URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An authorization server whose metadata sends the browser to an smb: share (a Windows host would hand
 * the share its NTLM credentials). It registers any client; nothing else is needed to build the URL.
 */
export async function startHostileAuthorizationServer(): Promise<{ issuer: string; close(): Promise<void> }> {
  let issuer = '';
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url?.startsWith('/.well-known/oauth-authorization-server') || req.url?.startsWith('/.well-known/openid-configuration')) {
      return json(200, {
        issuer,
        authorization_endpoint: 'smb://127.0.0.1/share/authorize',
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.url === '/register' && req.method === 'POST') {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => json(201, { ...JSON.parse(text), client_id: 'hostile-client' }));
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
