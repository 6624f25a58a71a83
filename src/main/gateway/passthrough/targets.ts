// Which downstream server a passed-through request is for. A reference either names its server
// (`server::uri`, `server::prompt`) or is a bare resource URI that exactly one running server lists or
// covers with a template. Policy comes first: a denied server, resource or prompt is refused before
// anything is looked up or started, so refusing it never starts a lazy server.
import type { Client } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/server';
import { GatewayError } from '../../common/errors';
import { sameResourceUri, type PolicyDecision } from '../../policy';
import type { ServerHandle } from '../../supervisor/server-handle';
import { splitToolId } from '../cards';
import type { GatewayContext } from '../meta-tool';
import { coveringTemplate } from '../resource-templates';

export const INVALID_PARAMS = -32602;

export function live(handle: ServerHandle): boolean {
  return handle.status === 'online' || handle.status === 'degraded';
}

export function refuse(decision: Exclude<PolicyDecision, { allowed: true }>): never {
  throw new ProtocolError(INVALID_PARAMS, decision.message, { code: decision.code });
}

/** The server's client, started if it was lazy; a failed start is answered with its code. */
export async function connected(handle: ServerHandle): Promise<Client> {
  try {
    return await handle.ensureConnected();
  } catch (error) {
    if (error instanceof GatewayError) throw new ProtocolError(INVALID_PARAMS, error.message, { code: error.code });
    throw error;
  }
}

/** A reference naming a server: `server::rest`, refused at once when policy denies that server. */
export function namedServer(gateway: GatewayContext, reference: string): { handle: ServerHandle; member: string } | null {
  const parts = splitToolId(reference);
  if (!parts) return null;
  const serverDecision = gateway.policy().decideServer(parts.server);
  if (!serverDecision.allowed) refuse(serverDecision);
  const handle = gateway.supervisor.get(parts.server);
  return handle ? { handle, member: parts.tool } : null;
}

/** Lists the URI, or covers it with a known template. */
export function offers(handle: ServerHandle, uri: string): boolean {
  if (handle.resources.some((r) => sameResourceUri(r.uri, uri))) return true;
  const templates = handle.resourceTemplates;
  return templates !== null && coveringTemplate(templates, uri) !== undefined;
}

/**
 * The one running server that offers this URI (in any spelling of it); null when none does. Deny first:
 * any owner denying it refuses. Two owners: the caller must say which (`server::uri`).
 */
export function bareOwner(gateway: GatewayContext, uri: string): ServerHandle | null {
  const owners = gateway.supervisor.all().filter((h) => live(h) && offers(h, uri));
  for (const owner of owners) {
    const decision = gateway.policy().decideResource(owner.name, uri);
    if (!decision.allowed) refuse(decision);
  }
  if (owners.length > 1) {
    throw new ProtocolError(INVALID_PARAMS, `resource ${uri} is offered by ${owners.map((h) => h.name).join(', ')}; ask for "server::${uri}"`);
  }
  return owners[0] ?? null;
}

/**
 * The one running server that lists a prompt by this bare name, as a classic proxy would answer it; null
 * when none does. Deny first, as for bare URIs; two owners: the caller must say which (`server::prompt`).
 */
export function bareOwnerOfPrompt(gateway: GatewayContext, name: string): ServerHandle | null {
  const owners = gateway.supervisor.all().filter((h) => live(h) && h.prompts.some((p) => p.name === name));
  for (const owner of owners) {
    const decision = gateway.policy().decidePrompt(owner.name, name);
    if (!decision.allowed) refuse(decision);
  }
  if (owners.length > 1) throw new ProtocolError(INVALID_PARAMS, `prompt ${name} is offered by ${owners.map((h) => h.name).join(', ')}; ask for "server::${name}"`);
  return owners[0] ?? null;
}

/** `server::uri` or a bare URI, as the server that owns it and the URI it knows. */
export function resourceTarget(gateway: GatewayContext, reference: string): { handle: ServerHandle; uri: string } | null {
  const named = namedServer(gateway, reference);
  if (named) return { handle: named.handle, uri: named.member };
  const owner = bareOwner(gateway, reference);
  return owner ? { handle: owner, uri: reference } : null;
}
