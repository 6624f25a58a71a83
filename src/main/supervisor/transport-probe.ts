// The MCP spec's backwards-compatibility probe for a remote entry that names no transport (contract
// §4.2): dial Streamable HTTP; if the server answers that POST with a 4xx, it may be a legacy HTTP+SSE
// server, so try SSE once on the same URL. A type the operator stated is never second-guessed, and what
// worked is remembered per definition (one per server handle) so reconnects skip the probe.
import { SdkHttpError } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import { safeMessage } from '../common/errors';

export type RemoteTransport = RemoteServerDefinition['transport'];

// 4xx answers that say nothing about the transport: auth refusals (the same over SSE, and E201's job)
// and "busy" (remembered for the server's life, a passing overload must not label it legacy).
const NOT_A_TRANSPORT_ANSWER = new Set([401, 403, 407, 408, 429]);

/** The HTTP status a failed Streamable HTTP attempt was answered with; null for network errors and timeouts. */
export function httpStatusOf(error: unknown): number | null {
  return error instanceof SdkHttpError && typeof error.status === 'number' ? error.status : null;
}

/** Whether a handshake answered with `status` may have reached a legacy HTTP+SSE server. */
export function suggestsLegacySse(status: number): boolean {
  return status >= 400 && status < 500 && !NOT_A_TRANSPORT_ANSWER.has(status);
}

const settled = new WeakMap<RemoteServerDefinition, RemoteTransport>();

/** The transport to dial: the one that worked before for this definition, else the one it names. */
export function transportToDial(definition: RemoteServerDefinition): RemoteTransport {
  return settled.get(definition) ?? definition.transport;
}

/**
 * The operator-facing line for a server that only answered over SSE. It names no URL or path: the log
 * shortens anything path-like, and the line is prefixed with the server's name anyway.
 */
export function legacySseNotice(definition: RemoteServerDefinition, status: number): string {
  return `reached over legacy HTTP+SSE after its url answered the Streamable HTTP POST with HTTP ${status}; add "type": "sse" to "${definition.name}" in the ${definition.source} config to connect without the probe`;
}

export interface ProbeHooks {
  /** True when the server refused the credential: an auth problem, never a reason to switch transport. */
  authRefused(): boolean;
  notice(line: string): void;
}

/**
 * Runs `attempt` over the transport to dial and, for an inferred entry not yet settled, once more over
 * SSE when the Streamable HTTP answer was a transport-shaped 4xx. Throws the first attempt's error when
 * there is no fallback, else an error naming both outcomes (its cause is the SSE error).
 */
export async function connectWithProbe<T>(
  definition: RemoteServerDefinition,
  attempt: (transport: RemoteTransport) => Promise<T>,
  hooks: ProbeHooks,
): Promise<{ value: T; transport: RemoteTransport }> {
  const first = transportToDial(definition);
  const probing = definition.transportInferred === true && !settled.has(definition) && first === 'http';
  let status = 0;
  try {
    const value = await attempt(first);
    if (definition.transportInferred) settled.set(definition, first);
    return { value, transport: first };
  } catch (error) {
    const answered = httpStatusOf(error);
    if (!probing || hooks.authRefused() || answered === null || !suggestsLegacySse(answered)) throw error;
    status = answered;
  }
  try {
    const value = await attempt('sse');
    settled.set(definition, 'sse');
    hooks.notice(legacySseNotice(definition, status));
    return { value, transport: 'sse' };
  } catch (error) {
    throw new Error(`the Streamable HTTP POST was answered HTTP ${status}, and legacy SSE failed too: ${safeMessage(error)}`, { cause: error });
  }
}
