// completion/complete, passed through: argument completions for a `server::prompt` and for a resource
// template (its downstream text, bare when one server has it, or `server::template`). Policy first, as
// for prompts/get and resources/read; a server that does not offer completions answers "no suggestions"
// rather than an error, since the prompt or template itself is fine.
import type { CompleteRequestParams, CompleteResult } from '@modelcontextprotocol/client';
import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import type { ServerHandle } from '../../supervisor/server-handle';
import type { GatewayContext } from '../meta-tool';
import { splitToolId } from '../cards';
import { bareOwnerOfPrompt, connected, INVALID_PARAMS, live, namedServer, refuse } from './targets';

const NOTHING: CompleteResult = { completion: { values: [], hasMore: false } };

/** The one running server with a template (or a resource) spelled exactly `uri`. */
function templateOwner(gateway: GatewayContext, uri: string): ServerHandle | null {
  const owners = gateway.supervisor
    .all()
    .filter((h) => live(h) && ((h.resourceTemplates ?? []).some((t) => t.uriTemplate === uri) || h.resources.some((r) => r.uri === uri)));
  if (owners.length > 1) {
    throw new ProtocolError(INVALID_PARAMS, `resource template ${uri} is offered by ${owners.map((h) => h.name).join(', ')}; complete "server::${uri}"`);
  }
  return owners[0] ?? null;
}

async function forward(handle: ServerHandle, params: CompleteRequestParams): Promise<CompleteResult> {
  const client = await connected(handle);
  if (!client.getServerCapabilities()?.completions) return NOTHING;
  return client.complete(params);
}

async function completePrompt(gateway: GatewayContext, params: CompleteRequestParams, name: string): Promise<CompleteResult> {
  // `server::prompt`, or a bare name exactly one running server lists (as prompts/get takes it).
  const owner = splitToolId(name) ? null : bareOwnerOfPrompt(gateway, name);
  const named = owner ? { handle: owner, member: name } : namedServer(gateway, name);
  if (!named) throw new ProtocolError(INVALID_PARAMS, `Unknown prompt: ${name} (prompts are named "server::prompt", or by a bare name one running server lists; see prompts/list)`);
  const decision = gateway.policy().decidePrompt(named.handle.name, named.member);
  if (!decision.allowed) refuse(decision);
  await connected(named.handle);
  if (!named.handle.prompts.some((p) => p.name === named.member)) {
    throw new ProtocolError(INVALID_PARAMS, `Unknown prompt: ${name} (server "${named.handle.name}" does not list it; see prompts/list)`);
  }
  return forward(named.handle, { ...params, ref: { type: 'ref/prompt', name: named.member } });
}

async function completeTemplate(gateway: GatewayContext, params: CompleteRequestParams, uri: string): Promise<CompleteResult> {
  const named = namedServer(gateway, uri);
  const handle = named?.handle ?? templateOwner(gateway, uri);
  const template = named?.member ?? uri;
  if (!handle) throw new ProtocolError(INVALID_PARAMS, `Unknown resource template: ${uri} (see resources/templates/list)`);
  const decision = gateway.policy().decideResource(handle.name, template);
  if (!decision.allowed) refuse(decision);
  return forward(handle, { ...params, ref: { type: 'ref/resource', uri: template } });
}

export function registerCompletions(server: Server, gateway: GatewayContext): void {
  server.setRequestHandler('completion/complete', async (request) => {
    // The caller's own _meta (progress token, trace keys) is about this hop, not the server's.
    const { _meta: _ours, ...params } = request.params;
    const { ref } = params;
    return ref.type === 'ref/prompt' ? completePrompt(gateway, params, ref.name) : completeTemplate(gateway, params, ref.uri);
  });
}
