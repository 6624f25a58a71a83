// One downstream tools/call: registered as pending for its whole life, bounded by an idle timeout that
// only that request's progress resets and by an absolute ceiling, cancellable by its caller, a session
// end or the operator — each ending with a distinct, explainable error.
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { CallCancelled, type PendingCalls } from './pending-calls';

export const DEFAULT_CEILING_MS = 600_000;

export class CeilingExceeded extends Error {
  constructor(readonly ceilingMs: number) {
    super(`the call ran past the ${ceilingMs} ms ceiling`);
    this.name = 'CeilingExceeded';
  }
}

export interface ToolCallOptions {
  /** The caller's signal (its client cancelled or went away). */
  signal?: AbortSignal;
  /** Idle timeout: the call fails if the server sends nothing for this long. */
  timeoutMs: number;
  ceilingMs?: number;
  toolId: string;
  sessionId: string | null;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Request `_meta` keys for the server (the caller's validated trace context). */
  meta?: Readonly<Record<string, string>>;
}

/** `{ _meta }` when there is anything to send; the SDK adds its progressToken beside these keys. */
export function metaParam(meta: Readonly<Record<string, string>> | undefined): { _meta?: Record<string, string> } {
  return meta && Object.keys(meta).length ? { _meta: { ...meta } } : {};
}

export async function runToolCall(
  client: Client,
  pending: PendingCalls,
  server: string,
  tool: string,
  args: Record<string, unknown>,
  options: ToolCallOptions,
  recordLatency: (ms: number) => void,
): Promise<CallToolResult> {
  const call = pending.begin(server, options.toolId, options.timeoutMs, options.sessionId);
  const ceilingMs = options.ceilingMs ?? DEFAULT_CEILING_MS;
  const ceiling = setTimeout(() => call.controller.abort(new CeilingExceeded(ceilingMs)), ceilingMs);
  const onCallerAbort = () => pending.cancel(call, 'client');
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const started = performance.now();
  try {
    // Aborting the signal makes the SDK send notifications/cancelled downstream.
    const result = await client.request(
      { method: 'tools/call', params: { name: tool, arguments: args, ...metaParam(options.meta) } },
      {
        signal: call.controller.signal,
        timeout: options.timeoutMs,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          pending.touch(call.id);
          options.onProgress?.(progress);
        },
      },
    );
    return result as CallToolResult;
  } catch (error) {
    const reason: unknown = call.controller.signal.reason;
    if (call.controller.signal.aborted && (reason instanceof CallCancelled || reason instanceof CeilingExceeded)) throw reason;
    throw error;
  } finally {
    clearTimeout(ceiling);
    options.signal?.removeEventListener('abort', onCallerAbort);
    pending.end(call.id);
    recordLatency(performance.now() - started);
  }
}
