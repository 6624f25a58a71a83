// A loopback HTTP proxy in front of one upstream origin that records every request it forwards, so a
// test can see which transport a client spoke: Streamable HTTP opens with a POST, legacy SSE with a GET
// that carries no session id. Bodies and streams are piped through unchanged.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  sessionId: string | null;
  /** The upstream's answer; 0 until its headers arrive (or when it never answered). */
  status: number;
  /** The request's headers as the client sent them (lowercase names). */
  headers: Record<string, string | string[] | undefined>;
}

export interface RecordingProxy {
  /** http://127.0.0.1:<port>: swap it for the upstream's origin in a URL. */
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startRecordingProxy(upstream: string): Promise<RecordingProxy> {
  const target = new URL(upstream);
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const session = req.headers['mcp-session-id'];
    const entry: SeenRequest = { method: req.method ?? '', path: req.url ?? '', sessionId: typeof session === 'string' ? session : null, status: 0, headers: { ...req.headers } };
    seen.push(entry);
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
      entry.status = answer.statusCode ?? 0;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A client that hangs up (an SSE stream closing) ends the upstream request too.
    res.on('close', () => forward.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
