// Token revocation (RFC 7009) for sign-out. The SDK has no helper for it; the request is small: the token,
// its type hint and the client's authentication, posted as a form to the revocation endpoint.
import { assertSecureTokenEndpoint, type FetchLike } from '@modelcontextprotocol/client';
import type { ClientRecord } from './token-records';

export async function revokeToken(
  endpoint: string,
  token: string,
  hint: 'access_token' | 'refresh_token',
  client: Pick<ClientRecord, 'client_id' | 'client_secret' | 'token_endpoint_auth_method'> | null,
  fetchFn: FetchLike,
): Promise<'revoked' | 'unsupported'> {
  // Credentials go only to https endpoints (or loopback), as for the token endpoint.
  const url = assertSecureTokenEndpoint(endpoint);
  const body = new URLSearchParams({ token, token_type_hint: hint });
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
  if (client?.client_secret && client.token_endpoint_auth_method !== 'client_secret_post') {
    const basic = Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64');
    headers.set('authorization', `Basic ${basic}`);
  } else if (client) {
    body.set('client_id', client.client_id);
    if (client.client_secret) body.set('client_secret', client.client_secret);
  }
  const response = await fetchFn(url, { method: 'POST', headers, body });
  // 200 also for a token the server no longer knows (RFC 7009 §2.2).
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return 'revoked';
  }
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  // Self-contained (JWT) access tokens often cannot be revoked: they stay valid until they expire.
  if (answer?.error === 'unsupported_token_type') return 'unsupported';
  throw new Error(`the revocation endpoint answered HTTP ${response.status}${typeof answer?.error === 'string' ? ` ${answer.error.slice(0, 60)}` : ''}`);
}
