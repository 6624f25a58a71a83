// The invoke lane: a plain gateway.invoke on a 2025-era session (stdio, HTTP, or a client in this
// process) is answered from the message itself, without the SDK server's request funnel. Why (issue 15): for every
// call that funnel re-checked the request and the answer against its zod schemas, built a handler
// context and routed both through the stdio era layer; with the supervisor's direct call that was over
// half of what the gateway spent per invoke (bench/profile/ab.mjs; the closing note has the figures).
// The answer itself is the same function the SDK's handler calls (tool-call-answer.ts), and it leaves
// through the same transport, so redaction, audit, policy and the input checks are unchanged.
//
// Everything else keeps the SDK path: other methods and tools, a request with any other params
// (a task-augmented call, a malformed one the SDK answers with its own error), a 2026-07-28 request
// (its envelope), and a session not initialized yet. On HTTP the answer is sent the way the SDK's own
// path sends it (by its id, which the SDK's HTTP transport maps to the POST that carried the request), and
// progress and the client's answers travel related to that id.
import { PROTOCOL_VERSION_META_KEY, SdkError, SdkErrorCode, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type Server, type ServerNotification, type Transport } from '@modelcontextprotocol/server';
import type { UpstreamRequest } from './passthrough/upstream-request';
import type { ToolCallAnswer, ToolCallParams } from './tool-call-answer';
import { isRecord } from '../common/is-record';

type Id = string | number;
type LaneRequest = { id: Id; params: ToolCallParams };

const PARAM_KEYS = new Set(['name', 'arguments', '_meta']);
/** JSON-RPC's "server error" the 2025 codec sends in place of -32002 (what the SDK's own path does). */
const RESOURCE_NOT_FOUND = -32002;


/** The message as a lane request, or null when it is anything the SDK should answer. */
function laneRequest(message: Record<string, unknown>): LaneRequest | null {
  if (message.method !== 'tools/call') return null;
  const { id, params } = message;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isRecord(params) || params.name !== 'gateway.invoke') return null;
  for (const key in params) if (!PARAM_KEYS.has(key)) return null;
  if (params.arguments !== undefined && !isRecord(params.arguments)) return null;
  const meta = params._meta;
  if (meta !== undefined && (!isRecord(meta) || PROTOCOL_VERSION_META_KEY in meta)) return null;
  const token = isRecord(meta) ? meta.progressToken : undefined;
  if (token !== undefined && typeof token !== 'string' && typeof token !== 'number') return null;
  return { id, params: params as unknown as ToolCallParams };
}

/** The id of a cancellation notice, when the message is one. */
function cancelledId(message: Record<string, unknown>): Id | undefined {
  if (message.method !== 'notifications/cancelled' || !isRecord(message.params)) return undefined;
  const id = message.params.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** Initialized with a 2025-era revision: the only sessions the lane serves. */
function classicSession(server: Server): boolean {
  // The accessor is marked deprecated for 2026-07-28 requests, which carry their revision in the envelope;
  // on a 2025-era connection it is the initialize-negotiated version, which is what is asked here.
  const version = server.getNegotiatedProtocolVersion();
  return version !== undefined && SUPPORTED_PROTOCOL_VERSIONS.includes(version) && server.getClientVersion() !== undefined;
}

function errorBody(error: unknown): { code: number; message: string; data?: unknown } {
  const { code, message, data } = (isRecord(error) ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
  const thrown = Number.isSafeInteger(code) ? (code as number) : -32603;
  return {
    code: thrown === RESOURCE_NOT_FOUND ? -32602 : thrown,
    message: typeof message === 'string' ? message : 'Internal error',
    ...(data !== undefined && { data }),
  };
}

/**
 * Opens the lane on a connected server's transport (call after `server.connect`): its onmessage and
 * onclose are wrapped, and whatever the lane does not take goes on to the SDK as before.
 */
export function openInvokeLane(server: Server, transport: Transport, answer: ToolCallAnswer): void {
  const toSdk = transport.onmessage;
  if (!toSdk) return;
  const running = new Map<Id, AbortController>();

  const serve = ({ id, params }: LaneRequest) => {
    const controller = new AbortController();
    running.set(id, controller);
    const upstream: UpstreamRequest = {
      id,
      signal: controller.signal,
      notify: (notification) => server.notification(notification as ServerNotification, { relatedRequestId: id }),
      ask: (asked, options) =>
        server.request({ method: asked.method as 'sampling/createMessage', params: asked.params as never }, { ...options, relatedRequestId: id }) as Promise<Record<string, unknown>>,
      requestState: () => undefined,
    };
    const reply = (message: JSONRPCMessage) => {
      // A cancelled request gets no answer (MCP cancellation), as on the SDK's path.
      if (controller.signal.aborted) return;
      transport.send(message).catch((error: unknown) => transport.onerror?.(error instanceof Error ? error : new Error(String(error))));
    };
    answer(params, upstream)
      .then(
        (result) => reply({ jsonrpc: '2.0', id, result } as JSONRPCMessage),
        (error: unknown) => reply({ jsonrpc: '2.0', id, error: errorBody(error) }),
      )
      .finally(() => {
        if (running.get(id) === controller) running.delete(id);
      });
  };

  transport.onmessage = (message, extra) => {
    const raw = message as unknown as Record<string, unknown>;
    const request = laneRequest(raw);
    if (request && !running.has(request.id) && classicSession(server)) return serve(request);
    const cancelled = cancelledId(raw);
    const call = cancelled === undefined ? undefined : running.get(cancelled);
    if (call && cancelled !== undefined) {
      running.delete(cancelled);
      const reason = isRecord(raw.params) && typeof raw.params.reason === 'string' ? raw.params.reason : 'cancelled by the client';
      call.abort(reason);
      return;
    }
    toSdk(message, extra);
  };

  const previousClose = transport.onclose;
  transport.onclose = () => {
    const error = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
    for (const call of running.values()) call.abort(error);
    running.clear();
    previousClose?.();
  };
}
