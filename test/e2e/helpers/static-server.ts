// A tiny loopback file server for the built renderer: its module scripts do not load from file://.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const base = normalize(root + sep);
  const server: Server = createServer((req, res) => {
    const file = resolveFile(base, req.url);
    // The server is loopback-only, but a test helper that escapes its root would still be a bad habit.
    if (file === null || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    void sendFile(file, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function resolveFile(base: string, url: string | undefined): string | null {
  try {
    const pathname = decodeURIComponent(new URL(url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname));
    return file.startsWith(base) ? file : null;
  } catch {
    return null; // malformed percent-encoding
  }
}

async function sendFile(file: string, res: ServerResponse): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}
