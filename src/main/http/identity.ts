// GET /.well-known/gatehouse-identity?nonce=… — the gateway's answer to a local client checking, before
// it sends any credential, that this listener is the gateway instance.json announces (the design is in
// state/identity-proof.ts). Open to anyone, like /health: it reveals nothing but an HMAC over the
// caller's own nonce. A gateway started without an instance token (not announced) has nothing to prove
// and answers 404, as for any unknown path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityProof, NONCE_PATTERN } from '../state/identity-proof';
import { sendJson } from './replies';

export function answerIdentity(req: IncomingMessage, res: ServerResponse, instanceToken: string | null, port: number): void {
  if (!instanceToken) {
    sendJson(res, 404, { error: 'not_found', message: 'this gateway is not announced; MCP is served at /mcp' });
    return;
  }
  const nonce = new URL(req.url ?? '/', 'http://gateway').searchParams.get('nonce');
  if (nonce === null || !NONCE_PATTERN.test(nonce)) {
    sendJson(res, 400, { error: 'invalid_request', message: 'nonce must be 22 to 128 base64url characters' });
    return;
  }
  sendJson(res, 200, { gatehouse_identity: 1, proof: identityProof(instanceToken, nonce, port) }, { 'cache-control': 'no-store' });
}
