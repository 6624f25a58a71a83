// One downstream tools/call: registered as pending for its whole life, bounded by an idle timeout that
// only that request's progress resets and by an absolute ceiling, cancellable by its caller, a session
// end or the operator — each ending with a distinct, explainable error.
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { GatewayError } from '../common/errors';
import { remainingMs, type CallerDeadline } from './caller-deadline';
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
  /**
   * The caller's deadline, started before the server's lazy start (`timeoutMs` after the caller asked):
   * what the start left of it is the call's first idle window, so the caller's timeout bounds its whole
   * wait for a first sign of life. Progress then gives full `timeoutMs` windows as usual.
   */
  deadline?: CallerDeadline;
  ceilingMs?: number;
  toolId: string;
  sessionId: string | null;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Request `_meta` keys for the server (the caller's validated trace context). */
  meta?: Readonly<Record<string, string>>;
  /** The tool as the server listed it: its `x-mcp-header` parameters become `Mcp-Param-*` headers. */
  definition?: Tool;
}

/**
 * What callTool is told about the tool: the input schema (for SEP-2243 header mirroring on a 2026-07-28
 * HTTP connection) without the output schema. Gatehouse relays results; judging them against the output
 * schema is the calling client's business, and a strict check here would turn a server's slightly-off
 * result into a gateway error. A stub with an open schema when the definition is unknown keeps the SDK
 * from re-listing tools on its own.
 */
function callDefinition(tool: string, definition: Tool | undefined): Tool {
  if (!definition) return { name: tool, inputSchema: { type: 'object' } };
  const { outputSchema: _relayed, ...rest } = definition;
  return rest;
}

/** `{ _meta }` when there is anything to send; the SDK adds its progressToken beside these keys. */
export function metaParam(meta: Readonly<Record<string, string>> | undefined): { _meta?: Record<string, string> } {
  return meta && Object.keys(meta).length ? { _meta: { ...meta } } : {};
}

/** E303 for a call whose first idle window was shortened by the server's start and passed in silence. */
function silentPastDeadline(toolId: string, timeoutMs: number, startMs: number): GatewayError {
  return new GatewayError(
    'E303',
    `${toolId} sent nothing within the caller's timeout_ms of ${timeoutMs} ms (the server's start took ${startMs} ms of it) and was stopped`,
    { timeout_ms: timeoutMs, kind: 'idle', start_ms: startMs, elapsed_ms: timeoutMs },
    'call again: the server is running now, so the next call has the whole timeout_ms; or pass a larger options.timeout_ms if the tool is slow',
    true,
  );
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
  const firstWindowMs = options.deadline ? remainingMs(options.deadline) : options.timeoutMs;
  // Aborting with a reason makes the SDK send notifications/cancelled downstream, as its own timeout does.
  let firstWindow: NodeJS.Timeout | null =
    firstWindowMs < options.timeoutMs
      ? setTimeout(() => call.controller.abort(silentPastDeadline(options.toolId, options.timeoutMs, options.timeoutMs - firstWindowMs)), firstWindowMs)
      : null;
  const endFirstWindow = () => {
    if (firstWindow) clearTimeout(firstWindow);
    firstWindow = null;
  };
  const onCallerAbort = () => pending.cancel(call, 'client');
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const started = performance.now();
  try {
    // Aborting the signal makes the SDK send notifications/cancelled downstream. callTool (not a raw
    // request) so a 2026-07-28 server gets the Mcp-Param-* headers its tool declares.
    const result = await client.callTool(
      { name: tool, arguments: args, ...metaParam(options.meta) },
      {
        toolDefinition: callDefinition(tool, options.definition),
        signal: call.controller.signal,
        timeout: options.timeoutMs,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          endFirstWindow();
          pending.touch(call.id, progress);
          options.onProgress?.(progress);
        },
      },
    );
    return result;
  } catch (error) {
    const reason: unknown = call.controller.signal.reason;
    const explained = reason instanceof CallCancelled || reason instanceof CeilingExceeded || reason instanceof GatewayError;
    if (call.controller.signal.aborted && explained) throw reason;
    throw error;
  } finally {
    clearTimeout(ceiling);
    endFirstWindow();
    options.signal?.removeEventListener('abort', onCallerAbort);
    pending.end(call.id);
    recordLatency(performance.now() - started);
  }
}
