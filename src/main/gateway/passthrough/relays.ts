// A downstream server's requests to its client (2025-11-25 era: sampling/createMessage, elicitation/create)
// and the notices that follow them, relayed to the client session whose call the server is serving.
//
// On stdio nothing on the wire ties such a request to the call that caused it, and one child serves every
// session. So the request goes to the session with calls in flight on that server; when calls of several
// sessions are in flight the request is refused (-32603) rather than shown to a client that may not own it.
// A 2026-07-28 server asks inside its call's result instead (input_required), and its questions always
// reach the right call (supervisor/tool-call.ts).
import type { Client, CreateMessageResult, ElicitResult } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/server';
import type { PendingCall, PendingCalls } from '../../supervisor/pending-calls';

const INTERNAL_ERROR = -32603;

/** The call a server's request belongs to: its calls in flight, if they all belong to one session. */
function callServed(pending: PendingCalls, server: string, method: string): PendingCall & { channel: NonNullable<PendingCall['channel']> } {
  const calls = pending.list({ operator: true }, server).filter((call): call is PendingCall & { channel: NonNullable<PendingCall['channel']> } => call.channel !== undefined);
  if (!calls.length) {
    throw new ProtocolError(INTERNAL_ERROR, `Gatehouse relays ${method} only while it has a tool call of a client in flight on this server, and it has none`);
  }
  const sessions = new Set(calls.map((call) => call.sessionId));
  if (sessions.size > 1) {
    throw new ProtocolError(INTERNAL_ERROR, `Gatehouse cannot tell which of ${sessions.size} client sessions with calls in flight this ${method} belongs to, so it asks none`);
  }
  // Several calls of one session: the newest is the likeliest to be asking; any of them reaches that client.
  return calls.reduce((newest, call) => (call.startedAt >= newest.startedAt ? call : newest));
}

export interface UrlElicitationNotices {
  /** Where the completion notice of a relayed URL elicitation goes, by server and elicitation id. */
  take(server: string, elicitationId: string): ((params: Record<string, unknown>) => void) | undefined;
}

export function attachRelays(server: string, client: Client, pending: PendingCalls, notices: UrlElicitationNotices): void {
  const relay = async (method: string, params: Record<string, unknown> | undefined, signal: AbortSignal): Promise<Record<string, unknown>> => {
    const call = callServed(pending, server, method);
    pending.setWaiting(call.id, method);
    try {
      return await call.channel.ask(server, { method, params }, signal);
    } finally {
      pending.setWaiting(call.id, null);
    }
  };
  // The request's own _meta (progress token, related task) is about the server's hop, not the client's.
  // The answer is the client's, checked by the SDK against the spec's result schema before the server
  // sees it; until then it is only known to be an object.
  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    const { _meta: _hop, ...params } = request.params;
    return (await relay(request.method, params, ctx.mcpReq.signal)) as unknown as CreateMessageResult;
  });
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const { _meta: _hop, ...params } = request.params;
    return (await relay(request.method, params, ctx.mcpReq.signal)) as unknown as ElicitResult;
  });
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    notices.take(server, notification.params.elicitationId)?.(notification.params);
  });
}
