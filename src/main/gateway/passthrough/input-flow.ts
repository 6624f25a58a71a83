// One upstream tools/call that may have to ask its client for input while a downstream server serves it
// (sampling, elicitation, roots). In the 2025-11-25 era the request stays open and each question is sent to
// the client as a request related to it. In the 2026-07-28 era there are no server→client requests: the
// call answers `input_required` with the questions (under the server's own inputRequests keys) and an
// opaque requestState, the downstream call keeps running here ("parked"), and the client's retry —
// carrying the answers and that requestState — picks it up again, until the call completes. The
// requestState is a 256-bit random key into this registry, new every round, bound to the session (or
// principal) that made the call: it cannot be forged or replayed by another caller, and it expires if the
// client never comes back.
import { randomBytes } from 'node:crypto';
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import { ProtocolError } from '@modelcontextprotocol/server';
import type { ClientRequest } from '../../supervisor/client-channel';

const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
/** How long a parked call waits for the client's retry before it is cancelled (a person may be answering). */
export const PARK_TIMEOUT_MS = 10 * 60_000;
/** Parked calls per owner: a client that never retries cannot pile them up. */
const MAX_PARKED_PER_OWNER = 64;

type Answer = Record<string, unknown>;

interface Ask {
  request: ClientRequest;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

/** The upstream request currently serving this call. */
export interface Attachment {
  /** Sends a request related to the upstream request (2025 era); absent in the 2026 era. */
  push?: (request: ClientRequest, signal: AbortSignal) => Promise<Answer>;
  /** The upstream request's cancellation: cancels the call while this request serves it. */
  signal: AbortSignal;
  /** Progress and log lines for the caller, related to the upstream request. */
  notify(notification: { method: string; params: Record<string, unknown> }): Promise<void>;
  progressToken: string | number | undefined;
}

export type Served = CallToolResult | InputRequiredResult;

export class InputFlow {
  /**
   * The requestState the client's next retry names: a new one every round, so an old one cannot be
   * replayed. Made when the call parks (most calls never do: 32 random bytes per call were a measurable
   * share of the invoke path, issue 15); empty until then, which no parked call is ever filed under.
   */
  token = '';
  /** The call's own cancellation: it outlives any one upstream request in the 2026 era. */
  readonly controller = new AbortController();
  private readonly asks = new Map<string, Ask>();
  private counter = 0;
  private wake: (() => void) | null = null;
  private attached: Attachment | null = null;
  private running: Promise<CallToolResult> | null = null;
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    readonly owner: string,
    readonly tool: string,
    private readonly registry: InputFlows,
  ) {}

  get attachment(): Attachment | null {
    return this.attached;
  }

  /**
   * Asks the client; in the 2026 era the question waits for the upstream request to hand it over, under
   * the server's own key when it gave one (the client answers by that key) and not already waiting.
   */
  ask(request: ClientRequest, signal: AbortSignal, serverKey?: string): Promise<Answer> {
    const push = this.attached?.push;
    if (push) return push(request, signal);
    return new Promise<Answer>((resolve, reject) => {
      const key = serverKey !== undefined && !this.asks.has(serverKey) ? serverKey : `gatehouse-${++this.counter}`;
      const onAbort = () => {
        this.asks.delete(key);
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.asks.set(key, {
        request,
        resolve: (answer) => {
          done();
          resolve(answer);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.wake?.();
    });
  }

  /**
   * Serves one upstream request: starts the call (first request) or hands it the client's answers
   * (a retry), then waits until the call completes or needs the client again.
   */
  async serve(attachment: Attachment, start: (() => Promise<CallToolResult>) | null, answers?: Record<string, unknown>): Promise<Served> {
    this.unpark();
    this.attach(attachment);
    try {
      if (answers) this.deliver(answers);
      this.running ??= start ? start() : null;
      if (!this.running) throw new ProtocolError(INTERNAL_ERROR, 'the call behind this requestState never started');
      const outcome = await Promise.race([this.running.then((result) => ({ result })), this.needsInput().then(() => null)]);
      if (outcome) return outcome.result;
      this.park();
      const inputRequests: Record<string, ClientRequest> = {};
      for (const [key, ask] of this.asks) inputRequests[key] = ask.request;
      // The questions are the server's own requests, passed on as they came (checked by the SDK on the way out).
      return { resultType: 'input_required', inputRequests, requestState: this.token } as unknown as InputRequiredResult;
    } finally {
      this.detach(attachment);
    }
  }

  /** Ends the call's questions and the call itself (the client went away, or never came back). */
  abandon(reason: string): void {
    this.unpark();
    const error = new ProtocolError(INTERNAL_ERROR, reason);
    for (const ask of this.asks.values()) ask.reject(error);
    this.asks.clear();
    this.controller.abort(error);
  }

  private needsInput(): Promise<void> {
    if (this.asks.size) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve();
      };
    });
  }

  /** The client's answers, by the keys the questions went out under; unanswered ones are asked again. */
  private deliver(answers: Record<string, unknown>): void {
    for (const [key, answer] of Object.entries(answers)) {
      const ask = this.asks.get(key);
      if (!ask || typeof answer !== 'object' || answer === null || Array.isArray(answer)) continue;
      this.asks.delete(key);
      ask.resolve(answer as Answer);
    }
  }

  private attach(attachment: Attachment): void {
    this.attached = attachment;
    const onAbort = () => {
      if (this.attached === attachment) this.controller.abort(attachment.signal.reason);
    };
    if (attachment.signal.aborted) onAbort();
    else attachment.signal.addEventListener('abort', onAbort, { once: true });
  }

  private detach(attachment: Attachment): void {
    if (this.attached === attachment) this.attached = null;
    this.wake = null;
  }

  private park(): void {
    this.token = randomBytes(32).toString('hex');
    this.registry.park(this);
    this.expiry = setTimeout(() => {
      this.registry.forget(this);
      this.abandon(`the client did not answer within ${PARK_TIMEOUT_MS / 60_000} minutes`);
    }, PARK_TIMEOUT_MS);
    this.expiry.unref?.();
  }

  private unpark(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
    this.registry.forget(this);
  }
}

/** Calls parked between the upstream requests of a 2026-07-28 multi-round-trip call, by requestState. */
export class InputFlows {
  private readonly parked = new Map<string, InputFlow>();

  begin(owner: string, tool: string): InputFlow {
    return new InputFlow(owner, tool, this);
  }

  /** The parked call a retry names; only its owner, for the same tool, may pick it up. */
  resume(token: string, owner: string, tool: string): InputFlow {
    const flow = this.parked.get(token);
    if (!flow || flow.owner !== owner || flow.tool !== tool) {
      throw new ProtocolError(INVALID_PARAMS, 'Invalid or expired requestState', { reason: 'invalid_request_state' });
    }
    return flow;
  }

  park(flow: InputFlow): void {
    let owned = 0;
    for (const other of this.parked.values()) if (other.owner === flow.owner) owned++;
    if (owned >= MAX_PARKED_PER_OWNER) {
      flow.abandon(`too many calls are waiting for this client's answers (${MAX_PARKED_PER_OWNER})`);
      throw new ProtocolError(INTERNAL_ERROR, `too many calls are waiting for your answers (${MAX_PARKED_PER_OWNER}); answer or cancel some first`);
    }
    this.parked.set(flow.token, flow);
  }

  forget(flow: InputFlow): void {
    if (this.parked.get(flow.token) === flow) this.parked.delete(flow.token);
  }

  /** Abandons every parked call of an owner (its session ended). */
  abandonOwner(owner: string): void {
    for (const flow of [...this.parked.values()]) {
      if (flow.owner !== owner) continue;
      this.forget(flow);
      flow.abandon('the client session ended');
    }
  }

  closeAll(): void {
    for (const flow of [...this.parked.values()]) {
      this.forget(flow);
      flow.abandon('the gateway is stopping');
    }
  }
}
