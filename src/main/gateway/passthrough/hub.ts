// Everything the gateway passes between downstream servers and upstream sessions beyond requests and
// their answers: log lines, resource subscriptions and their updates, a server's requests to the client
// (sampling, elicitation) and the multi-round-trip calls that carry them in the 2026-07-28 era. One hub
// per core; each downstream connection is attached when it goes live, each upstream session when it opens.
import type { Client } from '@modelcontextprotocol/client';
import { CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY, ProtocolError, type CallToolResult, type ClientCapabilities, type Server } from '@modelcontextprotocol/server';
import type { LoadedPolicy } from '../../policy';
import type { ClientChannel } from '../../supervisor/client-channel';
import type { PendingCalls } from '../../supervisor/pending-calls';
import type { GatewayContext } from '../meta-tool';
import { InputFlows, type Attachment, type Served } from './input-flow';
import { isLogLevel, type LogLevel, type LogLine } from './log-levels';
import { LogRouter, type LogListener } from './logging';
import { SessionExposure } from './exposure';
import { attachRelays } from './relays';
import { Subscriptions, type Subscriber } from './subscriptions';
import { upstreamChannel, type Asker } from './upstream-channel';
import type { UpstreamRequest } from './upstream-request';

const INVALID_PARAMS = -32602;
/** A relayed URL elicitation's completion notice is routed back for this long. */
const URL_NOTICE_MS = 30 * 60_000;
/** How long a relayed request may wait for the client (a person may be answering; the server has its own limit too). */
const ASK_TIMEOUT_MS = 10 * 60_000;

/** What a tools/call served through the hub runs with: its channel, cancellation and progress. */
export interface ServedCall {
  channel: ClientChannel;
  /** The call's own cancellation: in the 2026-07-28 era it outlives the request that started it. */
  signal: AbortSignal;
  sendProgress(progress: { progress: number; total?: number; message?: string }): Promise<void>;
}

export interface HubDeps {
  pending: PendingCalls;
  policy(): LoadedPolicy;
  clientOf(server: string): Client | null;
  log(line: string): void;
}

/** One upstream session (a handshake session, or one 2026-07-28 request) as the hub knows it. */
export class SessionLink implements LogListener, Subscriber {
  level: LogLevel | null = null;
  /** The downstream tools this session sees in tools/list (exposure modes), by its clientInfo name. */
  readonly exposure: SessionExposure;

  constructor(
    readonly server: Server,
    readonly gateway: GatewayContext,
    private readonly hub: PassthroughHub,
  ) {
    this.exposure = new SessionExposure(gateway, () => server.getClientVersion()?.name ?? null);
  }

  sees(server: string): boolean {
    return this.gateway.supervisor.all().some((handle) => handle.name === server);
  }

  send(line: LogLine): void {
    this.server.notification({ method: 'notifications/message', params: { ...line } }).catch(() => undefined);
  }

  updated(uri: string): void {
    this.server.sendResourceUpdated({ uri }).catch(() => undefined);
  }

  /**
   * The channel of one tools/call that relays: the downstream call asks this client through it. In the
   * 2025 era the question is a request related to the call; in the 2026 era the call's flow carries it.
   */
  attachment(upstream: UpstreamRequest, progressToken: string | number | undefined): Attachment {
    return {
      signal: upstream.signal,
      progressToken,
      notify: (notification) => upstream.notify(notification),
      ...(upstream.envelope === undefined && { push: (request, signal) => upstream.ask(request, { signal, timeout: ASK_TIMEOUT_MS }) }),
    };
  }

  /**
   * Runs one upstream tools/call with a channel to this client: a downstream server serving it may ask
   * this client (sampling, elicitation) and send it log lines. A 2025-11-25 session is asked at once,
   * within the request. A 2026-07-28 request is answered `input_required` while the call keeps running
   * (parked), and the client's retry with the same requestState picks it up (input-flow.ts).
   */
  async serveCall(upstream: UpstreamRequest, tool: string, progressToken: string | number | undefined, start: (served: ServedCall) => Promise<CallToolResult>): Promise<Served> {
    const owner = this.gateway.session.sessionId;
    const attachment = this.attachment(upstream, progressToken);
    if (upstream.envelope === undefined) return this.serveClassic(upstream, attachment, start);
    const state = upstream.requestState();
    if (upstream.envelope !== undefined && typeof state === 'string') {
      return this.hub.flows.resume(state, owner, tool).serve(attachment, null, upstream.inputResponses);
    }
    const flow = this.hub.flows.begin(owner, tool);
    const channel = this.channel(flow, upstream);
    // Progress goes to whichever upstream request serves the call now (2026-07-28: each retry is a new one).
    const sendProgress = async (progress: { progress: number; total?: number; message?: string }) => {
      const current = flow.attachment;
      if (current?.progressToken === undefined) return;
      await current.notify({ method: 'notifications/progress', params: { progressToken: current.progressToken, ...progress } }).catch(() => undefined);
    };
    return flow.serve(attachment, () => start({ channel, signal: flow.controller.signal, sendProgress }));
  }

  /**
   * A 2025-era call asks its client within the request and never parks, so it needs no InputFlow: its
   * questions go straight to the client, and it is cancelled with the request (issue 15: the flow's
   * controller, listener and races were a measurable share of the invoke path).
   */
  private serveClassic(upstream: UpstreamRequest, attachment: Attachment, start: (served: ServedCall) => Promise<CallToolResult>): Promise<CallToolResult> {
    // Log lines the server sends after the answer have no request to ride on: the attachment ends with the call.
    let attached: Attachment | null = attachment;
    const asker: Asker = {
      get attachment() {
        return attached;
      },
      ask: (request, signal) => upstream.ask(request, { signal, timeout: ASK_TIMEOUT_MS }),
    };
    const { progressToken } = attachment;
    const sendProgress = async (progress: { progress: number; total?: number; message?: string }) => {
      if (progressToken === undefined || !attached) return;
      await upstream.notify({ method: 'notifications/progress', params: { progressToken, ...progress } }).catch(() => undefined);
    };
    return start({ channel: this.channel(asker, upstream), signal: upstream.signal, sendProgress }).finally(() => {
      attached = null;
    });
  }

  isInvalidRetry(error: unknown): boolean {
    return error instanceof ProtocolError && (error.data as { reason?: unknown } | undefined)?.reason === 'invalid_request_state';
  }

  channel(flow: Asker, upstream: UpstreamRequest): ClientChannel {
    const { envelope } = upstream;
    return upstreamChannel({
      flow,
      gateway: this.gateway,
      capabilities: () => (envelope ? (envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) : this.server.getClientCapabilities()),
      // 2026-07-28: the request's own logLevel (none: no log lines); 2025: the session's, or all of them.
      logLevel: () => {
        if (!envelope) return this.level ?? 'debug';
        const level = envelope[LOG_LEVEL_META_KEY];
        return isLogLevel(level) ? level : null;
      },
      sentUrlElicitation: envelope ? undefined : (server, id) => this.hub.expectUrlNotice(server, id, this),
      // A first request (no requestState: a retry resumes its parked call instead) may carry answers already.
      ...(envelope && upstream.inputResponses && { initialResponses: upstream.inputResponses }),
    });
  }

  close(): void {
    this.hub.detach(this);
  }
}

export class PassthroughHub {
  readonly flows = new InputFlows();
  private readonly links = new Set<SessionLink>();
  private readonly logs: LogRouter;
  private readonly subscriptions: Subscriptions;
  private readonly urlNotices = new Map<string, { link: SessionLink; timer: NodeJS.Timeout }>();

  constructor(private readonly deps: HubDeps) {
    this.logs = new LogRouter(deps.pending, () => this.links, deps.log);
    this.subscriptions = new Subscriptions({ policy: deps.policy, clientOf: deps.clientOf, note: deps.log });
  }

  /** A downstream server's connection went live. */
  connected(server: string, client: Client): void {
    this.logs.attach(server, client);
    this.subscriptions.attach(server, client);
    attachRelays(server, client, this.deps.pending, { take: (name, id) => this.takeUrlNotice(name, id) });
    this.toolsMayHaveChanged();
  }

  /** A tool list, the policy or the servers changed: sessions whose listed tools differ now are told. */
  toolsMayHaveChanged(): void {
    for (const link of this.links) {
      if (link.exposure.changed()) link.server.sendToolListChanged().catch(() => undefined);
    }
  }

  /** An upstream session opened: its logging level and subscriptions are kept here. */
  attach(server: Server, gateway: GatewayContext): SessionLink {
    const link = new SessionLink(server, gateway, this);
    this.links.add(link);
    server.setRequestHandler('logging/setLevel', async (request) => {
      const { level } = request.params;
      if (!isLogLevel(level)) throw new ProtocolError(INVALID_PARAMS, `unknown log level ${JSON.stringify(level)}`);
      link.level = level;
      return {};
    });
    this.subscriptions.register(server, gateway, link);
    return link;
  }

  detach(link: SessionLink): void {
    if (!this.links.delete(link)) return;
    this.subscriptions.drop(link);
    for (const [id, notice] of this.urlNotices) {
      if (notice.link !== link) continue;
      clearTimeout(notice.timer);
      this.urlNotices.delete(id);
    }
  }

  close(): void {
    this.flows.closeAll();
    for (const notice of this.urlNotices.values()) clearTimeout(notice.timer);
    this.urlNotices.clear();
  }

  expectUrlNotice(server: string, elicitationId: string, link: SessionLink): void {
    const id = `${server}\u0000${elicitationId}`;
    clearTimeout(this.urlNotices.get(id)?.timer);
    const timer = setTimeout(() => this.urlNotices.delete(id), URL_NOTICE_MS);
    timer.unref?.();
    this.urlNotices.set(id, { link, timer });
  }

  private takeUrlNotice(server: string, elicitationId: string): ((params: Record<string, unknown>) => void) | undefined {
    const id = `${server}\u0000${elicitationId}`;
    const notice = this.urlNotices.get(id);
    if (!notice) return undefined;
    clearTimeout(notice.timer);
    this.urlNotices.delete(id);
    return (params) => void notice.link.server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: params.elicitationId } }).catch(() => undefined);
  }
}
