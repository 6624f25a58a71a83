// The upstream tools/call a call serves, as the hub and the call's answer need it: its id, cancellation,
// a way to tell the client things related to it, and (2025 era) to ask the client something related to
// it. The SDK's handler context gives all of this (upstreamOf); the invoke lane (invoke-lane.ts), which
// answers plain gateway.invoke calls without the SDK's request funnel, builds the same from the message.
import type { ServerContext } from '@modelcontextprotocol/server';
import type { ClientRequest } from '../../supervisor/client-channel';

export type Notification = { method: string; params: Record<string, unknown> };

export interface UpstreamRequest {
  id: string | number;
  /** Aborted when the client cancels the request or its session ends. */
  signal: AbortSignal;
  /** Sends a notification related to this request (progress, log lines). */
  notify(notification: Notification): Promise<void>;
  /** Asks the client something within this request: 2025-era sessions only (the 2026 era has no such requests). */
  ask(request: ClientRequest, options: { signal: AbortSignal; timeout: number }): Promise<Record<string, unknown>>;
  /** The 2026-07-28 request envelope (its `_meta` keys); absent on a 2025-era session. */
  envelope?: Record<string, unknown>;
  /** The requestState a 2026-07-28 retry carries. */
  requestState(): unknown;
  /** The answers a 2026-07-28 retry (or first request) carries. */
  inputResponses?: Record<string, unknown>;
}

/** The request the SDK's handler context describes. */
export function upstreamOf(ctx: ServerContext): UpstreamRequest {
  const request = ctx.mcpReq;
  return {
    id: request.id,
    signal: request.signal,
    notify: (notification) => request.notify(notification as Parameters<typeof request.notify>[0]),
    ask: (asked, options) =>
      request.send({ method: asked.method as 'sampling/createMessage', params: asked.params }, options) as Promise<Record<string, unknown>>,
    // The SDK types the 2026-07-28 envelope as an empty object; its keys are the spec's meta keys.
    ...(request.envelope !== undefined && { envelope: request.envelope as Record<string, unknown> }),
    requestState: () => request.requestState(),
    ...(request.inputResponses !== undefined && { inputResponses: request.inputResponses as Record<string, unknown> }),
  };
}
