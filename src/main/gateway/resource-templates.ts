// Whether a server offers a URI through one of its resource templates (RFC 6570, matched with the SDK's
// UriTemplate, as the SDK's own servers route reads). The templates come from the server's catalog (read
// at connect, re-read on resources/list_changed); only when that read failed are they asked for live.
import { UriTemplate, type Client, type ResourceTemplateType } from '@modelcontextprotocol/client';
import type { ServerHandle } from '../supervisor/server-handle';

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

const parsed = new Map<string, UriTemplate | null>();
const MAX_PARSED = 2000;

/** Parsed once per template text; a template the SDK cannot parse covers nothing. */
function compiled(template: string): UriTemplate | null {
  let found = parsed.get(template);
  if (found === undefined) {
    try {
      found = new UriTemplate(template);
    } catch {
      found = null;
    }
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(template, found);
  }
  return found;
}

export function matches(template: string, uri: string): boolean {
  try {
    return compiled(template)?.match(uri) != null;
  } catch {
    return false;
  }
}

/** The first of these templates that covers the URI. */
export function coveringTemplate(templates: readonly ResourceTemplateType[], uri: string): ResourceTemplateType | undefined {
  return templates.find((template) => matches(template.uriTemplate, uri));
}

/** False as well when the server has no templates or cannot list them: nothing is forwarded on a guess. */
export async function templateCovers(handle: ServerHandle, client: Client, uri: string): Promise<boolean> {
  const known = handle.resourceTemplates;
  if (known) return coveringTemplate(known, uri) !== undefined;
  if (!client.getServerCapabilities()?.resources) return false;
  let templates: string[];
  try {
    templates = await listTemplates(client);
  } catch {
    return false;
  }
  return templates.some((template) => matches(template, uri));
}
