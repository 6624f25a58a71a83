// Downstream resources and prompts, proxied: resources and resource templates keep their URIs (a bare
// URI that one server owns, or `server::uri`), prompts are named `server::name`. Text and blobs, and
// prompt messages, pass through unchanged.
//
// Policy comes first (contract §5): a denied server, resource or prompt is refused before anything is
// looked up or started, so refusing it never starts a lazy server. Then only what the server offers is
// forwarded — a prompt it lists, a resource it lists, or a URI one of its resource templates covers —
// because the operator's policy is written against what servers show; an unlisted extra is answered
// here (unknown prompt / resource not found) and never reaches the server. A lazy server whose lists are
// not known yet is started for an allowed request, and the check is made against its fresh lists.
import { CLIENT_CAPABILITIES_META_KEY, ProtocolError, ResourceNotFoundError, type ClientCapabilities, type Server } from '@modelcontextprotocol/server';
import { sameResourceUri } from '../policy';
import type { ServerHandle } from '../supervisor/server-handle';
import { splitToolId } from './cards';
import { isGuidanceUri } from './guidance';
import type { GatewayContext } from './meta-tool';
import { getPromptThrough } from './passthrough/prompt-input';
import { bareOwner, bareOwnerOfPrompt, connected, INVALID_PARAMS, live, namedServer, refuse } from './passthrough/targets';
import { templateCovers } from './resource-templates';

/** `server::prompt` (or `server::uri`) rather than a bare name. */
const splitsAsNamed = (name: string) => splitToolId(name) !== null;

async function readFrom(gateway: GatewayContext, handle: ServerHandle, uri: string, reference: string) {
  const decision = gateway.policy().decideResource(handle.name, uri);
  if (!decision.allowed) refuse(decision);
  const client = await connected(handle);
  const listed = handle.resources.some((r) => sameResourceUri(r.uri, uri));
  if (!listed && !(await templateCovers(handle, client, uri))) throw new ResourceNotFoundError(reference);
  return client.readResource({ uri });
}

export function registerResourcesAndPrompts(server: Server, gateway: GatewayContext): void {
  server.setRequestHandler('resources/list', async () => ({
    resources: [
      ...gateway.guidance().listResources(),
      ...gateway.supervisor.all().filter(live).flatMap((h) => h.resources.filter((r) => gateway.policy().resourceAllowed(h.name, r.uri))),
    ],
  }));

  // Templates keep their downstream text, as resources keep their URIs; a URI built from one is read
  // bare (when one server covers it) or as `server::uri`. Policy is matched against the template text.
  server.setRequestHandler('resources/templates/list', async () => ({
    resourceTemplates: gateway.supervisor
      .all()
      .filter(live)
      .flatMap((h) => (h.resourceTemplates ?? []).filter((t) => gateway.policy().resourceAllowed(h.name, t.uriTemplate))),
  }));

  server.setRequestHandler('resources/read', async (request) => {
    const reference = request.params.uri;
    if (isGuidanceUri(reference)) {
      const found = gateway.guidance().readResource(reference);
      if (!found) throw new ResourceNotFoundError(reference);
      return found;
    }
    const named = namedServer(gateway, reference);
    if (named) return readFrom(gateway, named.handle, named.member, reference);
    const owner = bareOwner(gateway, reference);
    if (!owner) throw new ResourceNotFoundError(reference);
    return readFrom(gateway, owner, reference, reference);
  });

  server.setRequestHandler('prompts/list', async () => ({
    prompts: gateway.supervisor
      .all()
      .filter(live)
      .flatMap((h) => h.prompts.filter((p) => gateway.policy().promptAllowed(h.name, p.name)).map((prompt) => ({ ...prompt, name: `${h.name}::${prompt.name}` }))),
  }));

  server.setRequestHandler('prompts/get', async (request, ctx) => {
    const { name } = request.params;
    const unknown = (why: string) => new ProtocolError(INVALID_PARAMS, `Unknown prompt: ${name} (${why}; see prompts/list)`);
    // `server::prompt`, or a bare name exactly one running server lists (as bare resource URIs are read).
    const owner = splitsAsNamed(name) ? null : bareOwnerOfPrompt(gateway, name);
    const named = owner ? { handle: owner, member: name } : namedServer(gateway, name);
    if (!named) throw unknown('prompts are named "server::prompt", or by a bare name one running server lists');
    const { handle, member } = named;
    const decision = gateway.policy().decidePrompt(handle.name, member);
    if (!decision.allowed) refuse(decision);
    const client = await connected(handle);
    if (!handle.prompts.some((p) => p.name === member)) throw unknown(`server "${handle.name}" does not list a prompt named "${member}"`);
    // The SDK types the 2026-07-28 envelope as an empty object; its keys are the spec's meta keys.
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const declared = envelope ? (envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) : server.getClientCapabilities();
    return getPromptThrough({ client, server: handle.name, params: { name: member, arguments: request.params.arguments }, ctx, declared, gateway });
  });
}
