// How a local client tells the announced gateway from whatever else listens on its port, before it
// sends any credential (issue 11, item 15). instance.json (0600, this user's) holds the gateway's
// per-run token. The client picks a fresh random nonce and asks GET IDENTITY_PATH?nonce=…, without any
// credential; the gateway answers HMAC(key(token), nonce, port). Only a process that knows this run's
// token can answer, and the answer is worth nothing afterwards:
//   - the impostor sees a nonce it has never seen before and cannot compute the answer;
//   - what it learns (a nonce) is no credential, and a proof it gets by asking the real gateway is for
//     that nonce and that port only — the client checks the port it connected to, so relaying a
//     challenge to a gateway listening elsewhere fails too;
//   - the endpoint is an HMAC oracle for anyone who asks, which is harmless: the key is derived from
//     256 random bits, so no answer helps to guess the token (unlike an operator's chosen shared secret,
//     which is why that one is never used as a proof key).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const IDENTITY_PATH = '/.well-known/gatehouse-identity';
/** 128 to 768 bits of base64url: a client that sends less gets 400. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;
const LABEL = 'gatehouse-identity-v1';

export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}

/** The answer the gateway holding `instanceToken` gives for `nonce` on `port`. */
export function identityProof(instanceToken: string, nonce: string, port: number): string {
  // A key of its own: the proof is never computed with the bearer token itself.
  const key = createHmac('sha256', instanceToken).update(`${LABEL} key`).digest();
  return createHmac('sha256', key).update(`${LABEL}\n${nonce}\n${port}`).digest('base64url');
}

export function proofMatches(expected: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
