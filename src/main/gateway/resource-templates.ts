// Whether a server offers a URI through one of its resource templates (RFC 6570, matched with the SDK's
// UriTemplate, as the SDK's own servers route reads). The templates are asked for only when a URI is not
// in the server's resource list, so reading a listed resource costs nothing extra.
import { UriTemplate, type Client } from '@modelcontextprotocol/client';

const MAX_PAGES = 100;
const MAX_TEMPLATES = 10_000;
/** A control request (contract §7.3). */
const TIMEOUT_MS = 30_000;

async function listTemplates(client: Client): Promise<string[]> {
  const templates: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listResourceTemplates(cursor ? { cursor } : undefined, { timeout: TIMEOUT_MS, cacheMode: 'bypass' });
    templates.push(...result.resourceTemplates.map((template) => template.uriTemplate));
    cursor = result.nextCursor;
    if (!cursor || seen.has(cursor) || templates.length >= MAX_TEMPLATES) break;
    seen.add(cursor);
  }
  return templates;
}

function matches(template: string, uri: string): boolean {
  try {
    return new UriTemplate(template).match(uri) !== null;
  } catch {
    return false; // a template the SDK cannot parse covers nothing
  }
}

/** False as well when the server has no templates or cannot list them: nothing is forwarded on a guess. */
export async function templateCovers(client: Client, uri: string): Promise<boolean> {
  if (!client.getServerCapabilities()?.resources) return false;
  let templates: string[];
  try {
    templates = await listTemplates(client);
  } catch {
    return false;
  }
  return templates.some((template) => matches(template, uri));
}
