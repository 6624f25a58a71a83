// A fetch for MCP clients of the announced gateway (the CLI, the stdio bridge) that adds the bearer
// token only to requests for that gateway's origin, and only right after its listener proved itself
// (identity-proof.ts): every request is preceded by a proof (requests in flight together share one).
// A client that runs for long — the bridge — thus never sends its token to whatever took the port
// after the gateway went away: the check fails and the request is not made. The cost is one small
// loopback round trip per request.
import { verifyListener, type ListenerCheck } from './verify-listener';

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export class ListenerNotVerifiedError extends Error {
  constructor(message: string, readonly kind: 'unreachable' | 'impostor' | 'elsewhere') {
    super(message);
    this.name = 'ListenerNotVerifiedError';
  }
}

export interface VerifiedFetchOptions {
  /** The gateway's MCP URL (its origin is where the bearer may go). */
  url: URL;
  /** instance.json's per-run token: what the listener must prove it holds. */
  instanceToken: string;
  /** What goes in Authorization (the instance token itself, or an operator's token for that gateway). */
  bearer: string;
  /** Told of every failed check (the bridge logs an impostor). */
  onRefused?(kind: 'unreachable' | 'impostor', reason: string): void;
}

export function verifiedFetch(options: VerifiedFetchOptions): FetchLike {
  let checking: Promise<ListenerCheck> | null = null;

  const prove = async (): Promise<void> => {
    checking ??= verifyListener(options.url, options.instanceToken).finally(() => {
      checking = null;
    });
    const check = await checking;
    if (check.ok) return;
    options.onRefused?.(check.kind, check.reason);
    throw new ListenerNotVerifiedError(`${check.reason}; the request was not sent`, check.kind);
  };

  return async (input, init) => {
    const target = new URL(input);
    if (target.origin !== options.url.origin) {
      throw new ListenerNotVerifiedError(`refusing to send the gateway token to ${target.origin}`, 'elsewhere');
    }
    await prove();
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${options.bearer}`);
    return fetch(target, { ...init, headers });
  };
}
