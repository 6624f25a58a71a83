// tools/call to a stdio child that speaks a classic revision (2025-11-25 and before), written and matched
// by Gatehouse itself instead of through the SDK client's request funnel. Why (issue 15): that funnel
// checked every incoming message against the SDK's zod schemas three times over (the line, the response
// type guards, the CallToolResult schema) and set up its own timers and progress bookkeeping that
// runToolCall already keeps — about a fifth of the gateway's CPU per invoke. The answer is parsed once
// (ChildStdioTransport) and relayed as the server sent it; everything after (redaction, the output budget,
// the envelope) is the same code as before.
//
// Ids come from their own range (DIRECT_ID_BASE and up, still a 31-bit integer for servers that keep ids
// in an int32) so they never meet the SDK client's, which counts up from 0 on the same pipe. The call's
// progress token is its id, as the SDK does. The 2026-07-28 revision (input_required rounds, request
// envelopes, Mcp-Param headers) stays on the SDK path: see runToolCall.
import { type CallToolResult, ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { ChildStdioTransport } from './stdio-transport';
import { isRecord } from '../common/is-record';

export const DIRECT_ID_BASE = 1_000_000_000;

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface DirectCallOptions {
  signal: AbortSignal;
  onprogress: (progress: Progress) => void;
}

interface Waiting {
  resolve(result: CallToolResult): void;
  reject(error: unknown): void;
  onprogress: (progress: Progress) => void;
}

type Params = { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> };


/** What the SDK's funnel rejected a cancelled request with: the reason itself when it is an SdkError. */
function cancelledWith(reason: unknown): unknown {
  return reason instanceof SdkError ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason));
}

/**
 * The result as the SDK's CallToolResult schema would have let it through: an object whose content (when
 * present) is an array of objects; a missing content list is an empty one, as the schema's default made it.
 */
function callToolResult(raw: unknown): CallToolResult | Error {
  if (!isRecord(raw)) return new SdkError(SdkErrorCode.InvalidResult, 'Invalid result for tools/call: not an object');
  const content = raw.content;
  if (content === undefined) return 'toolResult' in raw ? (raw as CallToolResult) : ({ ...raw, content: [] } as CallToolResult);
  if (!Array.isArray(content) || !content.every(isRecord)) {
    return new SdkError(SdkErrorCode.InvalidResult, 'Invalid result for tools/call: content must be a list of content blocks');
  }
  return raw as CallToolResult;
}

export class DirectCalls {
  private next = DIRECT_ID_BASE;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly transport: ChildStdioTransport) {
    transport.intercept = (message) => this.take(message);
    transport.onEnd(() => this.endAll());
  }

  call(params: Params, options: DirectCallOptions): Promise<CallToolResult> {
    const id = this.next++;
    return new Promise<CallToolResult>((resolve, reject) => {
      const { signal } = options;
      if (signal.aborted) return reject(cancelledWith(signal.reason));
      const onAbort = () => {
        if (!this.waiting.delete(id)) return;
        this.transport
          .send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(signal.reason) } })
          .catch(() => undefined);
        reject(cancelledWith(signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = <T>(then: (value: T) => void) => (value: T) => {
        signal.removeEventListener('abort', onAbort);
        then(value);
      };
      this.waiting.set(id, { resolve: settle(resolve), reject: settle(reject), onprogress: options.onprogress });
      const request = { jsonrpc: '2.0' as const, id, method: 'tools/call', params: { ...params, _meta: { ...params._meta, progressToken: id } } };
      this.transport.send(request).catch((error: unknown) => {
        if (this.waiting.delete(id)) settle(reject)(error);
      });
    });
  }

  /** A message from the child: true when it was one of these calls' answers or progress (then it is consumed). */
  private take(message: Record<string, unknown>): boolean {
    if (message.method === 'notifications/progress') {
      const params = message.params;
      if (!isRecord(params) || typeof params.progressToken !== 'number') return false;
      const waiting = this.waiting.get(params.progressToken);
      if (!waiting) return false;
      if (typeof params.progress !== 'number') return true;
      waiting.onprogress({
        progress: params.progress,
        ...(typeof params.total === 'number' && { total: params.total }),
        ...(typeof params.message === 'string' && { message: params.message }),
      });
      return true;
    }
    if (typeof message.id !== 'number' || message.id < DIRECT_ID_BASE || 'method' in message) return false;
    const waiting = this.waiting.get(message.id);
    if (!waiting) return true; // answered after it was cancelled: nobody waits for it any more
    this.waiting.delete(message.id);
    const error = message.error;
    if (isRecord(error)) {
      const code = typeof error.code === 'number' ? error.code : -32603;
      waiting.reject(ProtocolError.fromError(code, typeof error.message === 'string' ? error.message : 'error without a message', error.data));
      return true;
    }
    const result = callToolResult(message.result);
    if (result instanceof Error) waiting.reject(result);
    else waiting.resolve(result);
    return true;
  }

  /** The pipe closed: every call still waiting fails as the SDK failed its own (E205 is decided above). */
  private endAll(): void {
    const error = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const call of waiting) call.reject(error);
  }
}
