// Downstream resources and prompts, proxied: resources keep their URIs (a bare URI that one server owns,
// or `server::uri`), prompts are named `server::name`. Text and blobs, and prompt messages, pass through
// unchanged.
import { ProtocolError, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import { GatewayError } from '../core/errors';
import type { ServerHandle } from '../supervisor/server-handle';
import { splitToolId } from './cards';
import { isGuidanceUri } from './guidance';
import type { GatewayContext } from './meta-tool';

const INVALID_PARAMS = -32602;

function live(handle: ServerHandle): boolean {
  return handle.status === 'online' || handle.status === 'degraded';
}

/** The server that owns a resource reference, started if it was lazy; null when nobody has it. */
async function resourceOwner(gateway: GatewayContext, reference: string): Promise<{ handle: ServerHandle; uri: string } | null> {
  const qualified = splitToolId(reference);
  const named = qualified ? gateway.supervisor.get(qualified.server) : undefined;
  if (qualified && named) {
    await named.ensureConnected();
    return { handle: named, uri: qualified.tool };
  }
  const owners = gateway.supervisor.all().filter((h) => live(h) && h.resources.some((r) => r.uri === reference));
  if (owners.length > 1) {
    throw new ProtocolError(INVALID_PARAMS, `resource ${reference} is offered by ${owners.map((h) => h.name).join(', ')}; ask for "server::${reference}"`);
  }
  return owners[0] ? { handle: owners[0], uri: reference } : null;
}

export function registerResourcesAndPrompts(server: Server, gateway: GatewayContext): void {
  server.setRequestHandler('resources/list', async () => ({
    resources: [
      ...gateway.guidance().listResources(),
      ...gateway.supervisor.all().filter(live).flatMap((h) => h.resources.filter((r) => gateway.policy().resourceAllowed(h.name, r.uri))),
    ],
  }));

  server.setRequestHandler('resources/read', async (request) => {
    if (isGuidanceUri(request.params.uri)) {
      const found = gateway.guidance().readResource(request.params.uri);
      if (!found) throw new ResourceNotFoundError(request.params.uri);
      return found;
    }
    const owner = await resourceOwner(gateway, request.params.uri);
    if (!owner?.handle.client) throw new ResourceNotFoundError(request.params.uri);
    const decision = gateway.policy().decideResource(owner.handle.name, owner.uri);
    if (!decision.allowed) throw new ProtocolError(INVALID_PARAMS, decision.message, { code: decision.code });
    return owner.handle.client.readResource({ uri: owner.uri });
  });

  server.setRequestHandler('prompts/list', async () => ({
    prompts: gateway.supervisor
      .all()
      .filter(live)
      .flatMap((h) => h.prompts.filter((p) => gateway.policy().promptAllowed(h.name, p.name)).map((prompt) => ({ ...prompt, name: `${h.name}::${prompt.name}` }))),
  }));

  server.setRequestHandler('prompts/get', async (request) => {
    const parts = splitToolId(request.params.name);
    const handle = parts ? gateway.supervisor.get(parts.server) : undefined;
    if (!parts || !handle) {
      throw new ProtocolError(INVALID_PARAMS, `Unknown prompt: ${request.params.name} (prompts are named "server::prompt"; see prompts/list)`);
    }
    const decision = gateway.policy().decidePrompt(parts.server, parts.tool);
    if (!decision.allowed) throw new ProtocolError(INVALID_PARAMS, decision.message, { code: decision.code });
    try {
      const client = await handle.ensureConnected();
      return await client.getPrompt({ name: parts.tool, arguments: request.params.arguments });
    } catch (error) {
      if (error instanceof GatewayError) throw new ProtocolError(INVALID_PARAMS, error.message, { code: error.code });
      throw error;
    }
  });
}
