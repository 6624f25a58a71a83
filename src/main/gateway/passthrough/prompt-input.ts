// prompts/get of a 2026-07-28 server that needs input first (SEP-2322: input_required outside tools/call).
// Unlike a tool call there is no long-running work to keep: a 2026-07-28 client gets the server's
// input_required as it came — its inputRequests keys and requestState — and its retry goes back down
// with its inputResponses and that requestState (the server checks its own state; the prompt name says
// which server). A 2025-11-25 session is asked each question as a request related to its prompts/get,
// and Gatehouse retries for it. Either way the server is told only the capabilities the client declared
// and policy lets it use, and asks for nothing else.
import { CLIENT_CAPABILITIES_META_KEY, isInputRequiredResult, type Client, type GetPromptResult, type InputRequiredResult } from '@modelcontextprotocol/client';
import { ProtocolError, type ClientCapabilities, type ServerContext } from '@modelcontextprotocol/server';
import type { GatewayContext } from '../meta-tool';

const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;
/** Rounds Gatehouse answers for a 2025-era session before it gives up (as for tool calls). */
const MAX_ROUNDS = 16;
/** How long one question may wait for the 2025-era client (a person may be answering). */
const ASK_TIMEOUT_MS = 10 * 60_000;

const KINDS = { 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation', 'roots/list': 'roots' } as const;
type Kind = (typeof KINDS)[keyof typeof KINDS];

interface PromptCall {
  client: Client;
  server: string;
  params: { name: string; arguments?: Record<string, string> };
  ctx: ServerContext;
  /** What the calling client declared: at initialize (2025 era) or in this request's `_meta` (2026 era). */
  declared: ClientCapabilities | undefined;
  gateway: GatewayContext;
}

/** The client's capabilities the server may rely on: declared by the client and allowed by policy. */
function allowedCapabilities(call: PromptCall): Record<string, unknown> {
  const allowed: Record<string, unknown> = {};
  for (const kind of ['sampling', 'elicitation', 'roots'] as const) {
    if (call.declared?.[kind] && call.gateway.policy().decideRelay(call.server, kind).allowed) allowed[kind] = call.declared[kind];
  }
  return allowed;
}

export async function getPromptThrough(call: PromptCall): Promise<GetPromptResult | InputRequiredResult> {
  const { client, ctx } = call;
  if (client.getProtocolEra() !== 'modern') return client.getPrompt(call.params);
  const allowed = allowedCapabilities(call);
  const ask = (extra: { inputResponses?: Record<string, unknown>; requestState?: string }) =>
    client.getPrompt({ ...call.params, ...extra, _meta: { [CLIENT_CAPABILITIES_META_KEY]: allowed } }, { allowInputRequired: true }) as Promise<GetPromptResult | InputRequiredResult>;
  if (ctx.mcpReq.envelope !== undefined) {
    const state = ctx.mcpReq.requestState();
    const responses = ctx.mcpReq.inputResponses;
    return ask({ ...(responses && { inputResponses: responses }), ...(typeof state === 'string' && { requestState: state }) });
  }
  let result = await ask({});
  for (let round = 1; isInputRequiredResult(result); round++) {
    if (round > MAX_ROUNDS) throw new ProtocolError(INTERNAL_ERROR, `server "${call.server}" kept asking for input after ${MAX_ROUNDS} rounds of prompts/get`);
    const answers: Record<string, unknown> = {};
    for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
      const kind: Kind | undefined = KINDS[request.method as keyof typeof KINDS];
      if (!kind || !(kind in allowed)) throw new ProtocolError(METHOD_NOT_FOUND, `server "${call.server}" asked for ${request.method}, which this client did not declare or policy does not relay`);
      const { method, params } = request as { method: string; params?: Record<string, unknown> };
      answers[key] = await ctx.mcpReq.send({ method: method as 'sampling/createMessage', params }, { signal: ctx.mcpReq.signal, timeout: ASK_TIMEOUT_MS });
    }
    result = await ask({ inputResponses: answers, ...(result.requestState !== undefined && { requestState: result.requestState }) });
  }
  return result;
}
