// The client side of the identity proof (identity-proof.ts): asks the listener at a gateway URL to prove
// it holds the per-run token of instance.json, sending no credential. Always over a new connection (no
// keep-alive pool), so the answer comes from whoever holds the port now. `unreachable`: nothing answered
// (no harm done); `impostor`: something answered and could not prove it.
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { IDENTITY_PATH, identityProof, newNonce, proofMatches } from './identity-proof';

export const PROOF_TIMEOUT_MS = 2000;
/** A proof is a few dozen bytes; anything much longer is not one. */
const MAX_ANSWER_BYTES = 4096;

export type ListenerCheck = { ok: true } | { ok: false; kind: 'unreachable' | 'impostor'; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The port a client connects to for this URL. */
export function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/** GET over a fresh connection: the answer (null body when not a small JSON 200), or null when nothing answered. */
function fetchFresh(url: URL, timeoutMs: number): Promise<{ body: unknown } | null> {
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const req = get(url, { agent: false, headers: { accept: 'application/json' }, timeout: timeoutMs }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) return void res.destroy();
        chunks.push(chunk);
      });
      res.on('end', () => {
        let body: unknown = null;
        try {
          if (res.statusCode === 200) body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        resolve({ body });
      });
      res.on('error', () => resolve({ body: null }));
      res.on('close', () => resolve({ body: null })); // a no-op once 'end' resolved
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

export async function verifyListener(url: URL, instanceToken: string, timeoutMs = PROOF_TIMEOUT_MS): Promise<ListenerCheck> {
  const nonce = newNonce();
  const challenge = new URL(IDENTITY_PATH, url);
  challenge.search = `?nonce=${nonce}`;
  const answer = await fetchFresh(challenge, timeoutMs);
  if (!answer) return { ok: false, kind: 'unreachable', reason: `nothing answers at ${url.host}` };
  if (isRecord(answer.body) && proofMatches(identityProof(instanceToken, nonce, portOf(url)), answer.body.proof)) return { ok: true };
  return { ok: false, kind: 'impostor', reason: `the listener at ${url.host} could not prove it is the announced gateway` };
}
