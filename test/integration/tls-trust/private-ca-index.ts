// A package index only a private CA vouches for: a CA and a 127.0.0.1 server certificate made with the
// machine's openssl, one tiny wheel built from test/fixtures/python/tls-echo, and a loopback HTTPS server
// answering PEP 503 "simple" requests for it. It records what reached it, so a test can tell "the client
// refused the certificate" from "the client never came".
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { findExecutable } from '../../../src/main/runtime/find-executable';
import { REPO_ROOT } from '../../helpers/workspace';

export const PACKAGE = 'gatehouse-tls-echo';
const WHEEL_BUILDER = join(REPO_ROOT, 'test/fixtures/python/tls-echo/build_wheel.py');

export interface PrivateCa {
  /** The CA certificate alone, PEM: what SSL_CERT_FILE names. */
  caFile: string;
  /** A folder holding only the CA certificate (with its OpenSSL hash link): what SSL_CERT_DIR names. */
  caDir: string;
  serverKey: Buffer;
  serverCert: Buffer;
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}`);
  return result.stdout;
}

/** A throwaway CA and a certificate for IP 127.0.0.1 signed by it, in `dir`. */
export function makePrivateCa(dir: string): PrivateCa {
  const openssl = findExecutable('openssl', process.env.PATH);
  // No skip: a machine without openssl cannot run this test, and says how to fix that.
  if (!openssl) throw new Error('openssl is not on PATH: install it (Debian: apt-get install openssl)');
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run(openssl, ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Gatehouse test private CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);
  run(openssl, ['req', '-new', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1'], dir);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n');
  run(openssl, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', '1', '-days', '2', '-extfile', 'server.ext', '-out', 'server.pem'], dir);
  const caDir = join(dir, 'ca-dir');
  mkdirSync(caDir);
  writeFileSync(join(caDir, 'private-ca.pem'), readFileSync(join(dir, 'ca.pem')));
  run(openssl, ['rehash', caDir], dir);
  return { caFile: join(dir, 'ca.pem'), caDir, serverKey: readFileSync(join(dir, 'server.key')), serverCert: readFileSync(join(dir, 'server.pem')) };
}

export interface Wheel {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** The fixture package as a wheel, built by `python` with zipfile (no build backend, nothing fetched). */
export function buildEchoWheel(dir: string, python: string): Wheel {
  const name = run(python, [WHEEL_BUILDER, dir], dir).trim();
  const bytes = readFileSync(join(dir, name));
  return { name, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export interface PrivateIndex {
  /** The index root to give uv as its default index: https://127.0.0.1:<port>/simple */
  url: string;
  /** Request paths answered, in order. */
  requests: string[];
  /** TLS handshakes the client broke off, as OpenSSL words them (an untrusted CA: "tlsv1 alert unknown ca"). */
  tlsErrors: string[];
  close(): Promise<void>;
}

/** Serves `wheel` as the only file of the only project on a loopback HTTPS index. */
export async function startPrivateIndex(ca: PrivateCa, wheel: Wheel): Promise<PrivateIndex> {
  const requests: string[] = [];
  const tlsErrors: string[] = [];
  const server = createServer({ key: ca.serverKey, cert: ca.serverCert }, (req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    if (path === `/simple/${PACKAGE}/`) {
      // The HTML form of the simple API (PEP 503); uv asks for JSON first and accepts this.
      res.setHeader('content-type', 'text/html');
      res.end(`<!DOCTYPE html><html><body><a href="/files/${wheel.name}#sha256=${wheel.sha256}" data-requires-python="&gt;=3.8">${wheel.name}</a></body></html>\n`);
    } else if (path === `/files/${wheel.name}`) {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(wheel.bytes);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  server.on('tlsClientError', (error) => tlsErrors.push(error.message));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/simple`,
    requests,
    tlsErrors,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
