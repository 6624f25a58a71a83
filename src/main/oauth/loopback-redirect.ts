// The redirect target of an interactive sign-in (RFC 8252 §7.3): a listener on 127.0.0.1 that takes the
// authorization server's redirect once. Only a request to the callback path carrying the flow's own
// `state` counts; anything else (another path, a forged or stale state) is answered 400/404 and ignored,
// so a stray request cannot end the flow. The page shown in the browser carries no code or token.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CALLBACK_PATH = '/oauth/callback';

export interface CallbackParams {
  code: string | null;
  iss: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** What the page tells the person in the browser once the code was exchanged (or not). */
export interface CallbackOutcome {
  ok: boolean;
  message: string;
}

export interface LoopbackRedirect {
  readonly url: string;
  readonly port: number;
  /** Resolves with the first callback that carries the expected state. */
  callback(): Promise<CallbackParams>;
  /** Settles the page the browser is waiting on; called once the code was handled. */
  respond(outcome: CallbackOutcome): void;
  close(): void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, message: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  res.end(`<!doctype html><meta charset="utf-8"><title>Gatehouse</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

async function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Opens the listener on `preferredPort` when it is free (the port a registration named), else on any
 * free port; servers must accept any loopback port for native clients (RFC 8252 §7.3).
 */
export async function openLoopbackRedirect(expectedState: string, preferredPort: number | null = null): Promise<LoopbackRedirect> {
  let deliver: (params: CallbackParams) => void = () => undefined;
  const arrived = new Promise<CallbackParams>((resolve) => (deliver = resolve));
  let waiting: ServerResponse | null = null;
  let taken = false;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) return page(res, 404, 'Not found', 'This address only takes a sign-in redirect.');
    if (taken || url.searchParams.get('state') !== expectedState) {
      return page(res, 400, 'Sign-in not accepted', 'This redirect does not belong to the sign-in Gatehouse is waiting for. Start the sign-in again.');
    }
    taken = true;
    waiting = res;
    deliver({
      code: url.searchParams.get('code'),
      iss: url.searchParams.get('iss'),
      error: url.searchParams.get('error'),
      errorDescription: url.searchParams.get('error_description'),
    });
  });
  let port: number;
  try {
    port = await listen(server, preferredPort ?? 0);
  } catch {
    port = await listen(server, 0);
  }
  return {
    url: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    port,
    callback: () => arrived,
    respond(outcome) {
      const res = waiting;
      waiting = null;
      if (res) page(res, outcome.ok ? 200 : 400, outcome.ok ? 'Signed in' : 'Sign-in failed', outcome.message);
    },
    close() {
      const res = waiting;
      waiting = null;
      if (res) page(res, 400, 'Sign-in stopped', 'Gatehouse stopped waiting for this sign-in.');
      server.close();
      server.closeAllConnections();
    },
  };
}
