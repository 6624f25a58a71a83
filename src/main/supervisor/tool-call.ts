// One downstream tools/call: registered as pending for its whole life, bounded by an idle timeout that
// only that request's progress resets (and that does not run while the call waits for its client) and
// by an absolute ceiling, cancellable by its caller, a session end or the operator — each ending with a
// distinct, explainable error. A 2026-07-28 server that needs input answers `input_required`: each input
// request goes to the client session the call serves, and the call is retried with the answers.
import { CLIENT_CAPABILITIES_META_KEY, isInputRequiredResult, LOG_LEVEL_META_KEY, type CallToolResult, type Client, type InputRequiredResult, type Tool } from '@modelcontextprotocol/client';
import { GatewayError } from '../common/errors';
import { remainingMs, type CallerDeadline } from './caller-deadline';
import type { ClientChannel, ClientRequest } from './client-channel';
import type { DirectCalls } from './direct-call';
import { IdleWatch } from './idle-watch';
import { CallCancelled, type PendingCall, type PendingCalls } from './pending-calls';

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
  /** The client session this call serves: the server's requests and log lines while serving it go there. */
  channel?: ClientChannel;
  /** The connection's own tools/call writer (stdio): used while the server speaks a classic revision. */
  direct?: DirectCalls | null;
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

/** E303 for a call whose server sent nothing for a whole idle window (progress resets it). */
function idleTimeout(toolId: string, timeoutMs: number, startedAt: number): GatewayError {
  return new GatewayError(
    'E303',
    `${toolId} sent nothing for ${timeoutMs} ms and was stopped`,
    { timeout_ms: timeoutMs, kind: 'idle', elapsed_ms: Date.now() - startedAt },
    'retry with a larger options.timeout_ms if the tool is slow',
    true,
  );
}

/** The SDK's own timeout stays behind Gatehouse's timers: it only ever fires if they somehow did not. */
const SDK_TIMEOUT_MARGIN_MS = 5_000;
/** Rounds of a 2026-07-28 multi-round-trip call (the SDK's own driver allows 10). */
const MAX_INPUT_ROUNDS = 16;

type CallParams = { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown>; inputResponses?: Record<string, unknown>; requestState?: string };

/**
 * The request's `_meta`: the caller's trace keys and, toward a 2026-07-28 server, the client capabilities
 * of the session this call serves — so the server asks only for input that session can give — and the
 * log level it wants.
 */
function callMeta(client: Client, server: string, options: ToolCallOptions): { _meta?: Record<string, unknown> } {
  const meta: Record<string, unknown> = { ...metaParam(options.meta)._meta };
  if (options.channel && client.getProtocolEra() === 'modern') {
    meta[CLIENT_CAPABILITIES_META_KEY] = options.channel.capabilitiesFor(server);
    // That era has no logging/setLevel: the call says which of the server's log lines its client wants.
    const level = options.channel.logLevel();
    if (level) meta[LOG_LEVEL_META_KEY] = level;
  }
  return Object.keys(meta).length ? { _meta: meta } : {};
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
  const call = pending.begin(server, options.toolId, options.timeoutMs, options.sessionId, undefined, options.channel);
  const ceilingMs = options.ceilingMs ?? DEFAULT_CEILING_MS;
  const ceiling = setTimeout(() => call.controller.abort(new CeilingExceeded(ceilingMs)), ceilingMs);
  const firstWindowMs = options.deadline ? remainingMs(options.deadline) : options.timeoutMs;
  // Aborting with a reason makes the SDK send notifications/cancelled downstream.
  const idle = new IdleWatch(call, options.timeoutMs, firstWindowMs, (first) =>
    call.controller.abort(first ? silentPastDeadline(options.toolId, options.timeoutMs, options.timeoutMs - firstWindowMs) : idleTimeout(options.toolId, options.timeoutMs, call.startedAt)),
  );
  const onCallerAbort = () => pending.cancel(call, 'client');
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const started = performance.now();
  try {
    const onprogress = (progress: { progress: number; total?: number; message?: string }) => {
      pending.touch(call.id, progress);
      idle.activity();
      options.onProgress?.(progress);
    };
    const modern = client.getProtocolEra() === 'modern';
    // A classic-revision stdio server: one request, one answer, relayed as sent (direct-call.ts says why).
    if (!modern && options.direct) {
      return await options.direct.call({ name: tool, arguments: args, ...metaParam(options.meta) }, { signal: call.controller.signal, onprogress });
    }
    // Aborting the signal makes the SDK send notifications/cancelled downstream. callTool (not a raw
    // request) so a 2026-07-28 server gets the Mcp-Param-* headers its tool declares.
    const send = (params: CallParams) =>
      client.callTool(params, {
        toolDefinition: callDefinition(tool, options.definition),
        signal: call.controller.signal,
        timeout: ceilingMs + SDK_TIMEOUT_MARGIN_MS,
        // A 2026-07-28 server asking for input answers input_required: relayed below, to this call's client.
        allowInputRequired: true,
        onprogress,
      }) as Promise<CallToolResult | InputRequiredResult>;
    const params: CallParams = { name: tool, arguments: args, ...callMeta(client, server, options) };
    const initial = modern ? options.channel?.initialResponses : undefined;
    let result = await send(initial ? { ...params, inputResponses: initial } : params);
    for (let round = 1; isInputRequiredResult(result); round++) {
      if (round > MAX_INPUT_ROUNDS) throw tooManyRounds(options.toolId);
      const answers = await answerInputRequests(server, call, pending, options.channel, result);
      result = await send({ ...params, ...(answers && { inputResponses: answers }), ...(result.requestState !== undefined && { requestState: result.requestState }) });
    }
    return result;
  } catch (error) {
    const reason: unknown = call.controller.signal.reason;
    const explained = reason instanceof CallCancelled || reason instanceof CeilingExceeded || reason instanceof GatewayError;
    if (call.controller.signal.aborted && explained) throw reason;
    throw error;
  } finally {
    clearTimeout(ceiling);
    idle.stop();
    options.signal?.removeEventListener('abort', onCallerAbort);
    pending.end(call.id);
    recordLatency(performance.now() - started);
  }
}

function tooManyRounds(toolId: string): GatewayError {
  return new GatewayError('E302', `${toolId} kept asking its client for input after ${MAX_INPUT_ROUNDS} rounds and was stopped`, { source: 'downstream' });
}

/**
 * A 2026-07-28 server's input requests, each asked of the client session this call serves; the call is
 * "waiting for the client" meanwhile. Undefined when the round carries only requestState (retry as is).
 */
async function answerInputRequests(server: string, call: PendingCall, pending: PendingCalls, channel: ClientChannel | undefined, result: InputRequiredResult): Promise<Record<string, unknown> | undefined> {
  const entries = Object.entries(result.inputRequests ?? {});
  if (!entries.length) return undefined;
  if (!channel) {
    throw new GatewayError('E302', `${call.toolId} asked its client for input, and this call has no client session to ask`, { source: 'downstream' });
  }
  pending.setWaiting(call.id, entries.map(([, request]) => request.method).join(', '));
  try {
    const answers = await Promise.all(
      entries.map(async ([key, request]) => [key, await channel.ask(server, request as ClientRequest, call.controller.signal, key)] as const),
    );
    return Object.fromEntries(answers);
  } finally {
    pending.setWaiting(call.id, null);
  }
}
