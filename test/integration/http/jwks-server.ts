// A real JWKS endpoint on loopback for the resource-server tests: serves whichever public keys the test
// chooses, counts fetches, and can go down and come back on the same port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface TestKey {
  kid: string;
  alg: 'RS256' | 'ES256' | 'RS512';
  privateKey: CryptoKey;
  publicJwk: JWK;
  publicPem: string;
}

export async function makeKey(kid: string, alg: TestKey['alg'] = 'RS256'): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk, publicPem: await exportSPKI(publicKey) };
}

export function sign(key: TestKey, payload: JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: key.alg, kid: key.kid, ...header }).sign(key.privateKey);
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned token (`alg: none`), as an attacker would hand-craft it. */
export function unsignedToken(payload: JWTPayload, kid: string): string {
  return `${b64url({ alg: 'none', kid, typ: 'JWT' })}.${b64url(payload)}.`;
}

/** The classic key-confusion attack: HS256 with the server's RSA *public* key as the HMAC secret. */
export function hs256WithPublicKey(key: TestKey, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(new TextEncoder().encode(key.publicPem));
}

export interface JwksServer {
  url: string;
  issuer: string;
  fetches: number;
  keys: TestKey[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startJwksServer(keys: TestKey[]): Promise<JwksServer> {
  let server: Server | null = null;
  let port = 0;
  const state: JwksServer = {
    url: '',
    issuer: '',
    fetches: 0,
    keys,
    async down() {
      const current = server;
      server = null;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.close(() => resolve());
        current.closeAllConnections();
      });
    },
    async up() {
      const next = createServer((_req, res) => {
        state.fetches += 1;
        const body = JSON.stringify({ keys: state.keys.map((k) => k.publicJwk) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', () => resolve()));
      port = (next.address() as AddressInfo).port;
      server = next;
      state.issuer = `http://127.0.0.1:${port}`;
      state.url = `${state.issuer}/jwks.json`;
    },
    close() {
      return state.down();
    },
  };
  await state.up();
  return state;
}
