// The server's Bearer challenge when this process has not seen one yet (a sign-in from the CLI, or before
// the first connect): one unauthenticated request to the MCP endpoint, whose 401 names where the
// protected-resource metadata is and which scope to ask for (RFC 9728 §5.1, the MCP scope selection).
// Anything else (no challenge, a network error) is no answer: discovery then tries the well-known paths.
import { extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import type { ServerChallenge } from './server-state';

const PROBE_TIMEOUT_MS = 10_000;

export async function probeChallenge(serverUrl: string, fetchFn: FetchLike): Promise<ServerChallenge | null> {
  try {
    const response = await fetchFn(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'gatehouse-sign-in-probe', method: 'ping' }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status !== 401 && response.status !== 403) return null;
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    const metadata = resourceMetadataUrl && (resourceMetadataUrl.protocol === 'https:' || resourceMetadataUrl.protocol === 'http:') ? resourceMetadataUrl.href : null;
    return metadata || scope ? { resourceMetadataUrl: metadata, scope: scope ?? null } : null;
  } catch {
    return null;
  }
}
