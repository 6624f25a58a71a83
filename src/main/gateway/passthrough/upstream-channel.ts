// The client side of one upstream tools/call, as the downstream call sees it (supervisor ClientChannel):
// a server's question (sampling, elicitation, roots/list) goes to this client only if policy lets that server ask and the client declared
// it can answer — otherwise the server gets the spec's error (-32601: this client offers no such method;
// -32602: an elicitation mode the client did not declare). Log lines the server sends while serving the
// call go to this client at the level it asked for.
import { ProtocolError, type ClientCapabilities } from '@modelcontextprotocol/server';
import type { ClientChannel, ClientRequest } from '../../supervisor/client-channel';
import type { RelayKind } from '../../policy/types';
import type { GatewayContext } from '../meta-tool';
import type { Attachment } from './input-flow';
import { severity, type LogLevel } from './log-levels';

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

const KIND_OF: Record<string, RelayKind> = { 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation', 'roots/list': 'roots' };

/** Who puts a question to the client, and the upstream request serving the call now (an InputFlow, or a 2025-era request's own). */
export interface Asker {
  ask(request: ClientRequest, signal: AbortSignal, serverKey?: string): Promise<Record<string, unknown>>;
  readonly attachment: Attachment | null;
}

export interface ChannelSource {
  flow: Asker;
  gateway: GatewayContext;
  /** What the client declared: at initialize (2025 era) or in this request's `_meta` (2026 era). */
  capabilities(): ClientCapabilities | undefined;
  /** The lowest level the client wants log lines at; null: none. */
  logLevel(): LogLevel | null;
  /** A URL-mode elicitation went to this client (its completion notice is routed back here). */
  sentUrlElicitation?(server: string, elicitationId: string): void;
  /** Answers the client sent with its first request (2026-07-28), before it was asked anything. */
  initialResponses?: Record<string, unknown>;
}

/** The elicitation modes a client declared: `{}` (the 2025-06 shape) means form only. */
function elicitationModes(declared: Record<string, unknown>): Set<string> {
  const modes = Object.keys(declared).filter((mode) => mode === 'form' || mode === 'url');
  return new Set(modes.length ? modes : ['form']);
}

/** Throws the error the server should get when this client cannot answer the request. */
function checkCapability(kind: RelayKind, request: ClientRequest, capabilities: ClientCapabilities | undefined): void {
  if (kind === 'roots') {
    if (!capabilities?.roots) throw new ProtocolError(METHOD_NOT_FOUND, 'the client session that made this call does not support roots (it did not declare the roots capability)');
    return;
  }
  if (kind === 'sampling') {
    if (!capabilities?.sampling) throw new ProtocolError(METHOD_NOT_FOUND, 'the client session that made this call does not support sampling (it did not declare the sampling capability)');
    if (request.params?.tools !== undefined && !capabilities.sampling.tools) {
      throw new ProtocolError(INVALID_PARAMS, 'the client session that made this call does not support tools in sampling (sampling.tools)');
    }
    return;
  }
  if (!capabilities?.elicitation) throw new ProtocolError(METHOD_NOT_FOUND, 'the client session that made this call does not support elicitation (it did not declare the elicitation capability)');
  const mode = request.params?.mode === 'url' ? 'url' : 'form';
  if (!elicitationModes(capabilities.elicitation as Record<string, unknown>).has(mode)) {
    throw new ProtocolError(INVALID_PARAMS, `the client session that made this call does not support ${mode}-mode elicitation`);
  }
}

export function upstreamChannel(source: ChannelSource): ClientChannel {
  const { flow, gateway } = source;
  return {
    async ask(server, request, signal, key) {
      const kind = KIND_OF[request.method];
      if (!kind) throw new ProtocolError(METHOD_NOT_FOUND, `Gatehouse does not relay ${request.method} to its clients`);
      const decision = gateway.policy().decideRelay(server, kind);
      if (!decision.allowed) throw new ProtocolError(METHOD_NOT_FOUND, `${decision.message} (${decision.suggestion})`);
      checkCapability(kind, request, source.capabilities());
      const answer = await flow.ask(request, signal, key);
      const id = request.params?.elicitationId;
      if (kind === 'elicitation' && request.params?.mode === 'url' && typeof id === 'string') source.sentUrlElicitation?.(server, id);
      return answer;
    },
    capabilitiesFor(server) {
      const declared = source.capabilities() ?? {};
      const allowed: Record<string, unknown> = {};
      for (const kind of ['sampling', 'elicitation', 'roots'] as const) {
        if (declared[kind] && gateway.policy().decideRelay(server, kind).allowed) allowed[kind] = declared[kind];
      }
      return allowed;
    },
    ...(source.initialResponses && { initialResponses: source.initialResponses }),
    logLevel: () => source.logLevel(),
    log(params) {
      const wanted = source.logLevel();
      const attachment = flow.attachment;
      if (wanted === null || !attachment || severity(params.level) < severity(wanted)) return;
      void attachment.notify({ method: 'notifications/message', params }).catch(() => undefined);
    },
  };
}
