// The L3 resource as MCP sees it (contract §6): listed under its gatehouse:// URI only, readable under
// that URI and PMCP's pmcp:// one (so agents written for PMCP find it), and not found at all when L3 is
// off. The not-found code depends on the protocol era the client negotiated.
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { METHODOLOGY_MARKDOWN } from './methodology';

export const GUIDANCE_URI = 'gatehouse://guidance/code-execution';
export const PMCP_GUIDANCE_URI = 'pmcp://guidance/code-execution';
export const GUIDANCE_URIS: readonly string[] = [GUIDANCE_URI, PMCP_GUIDANCE_URI];
const MIME = 'text/markdown';

export const GUIDANCE_RESOURCE: Resource = {
  uri: GUIDANCE_URI,
  name: 'code-execution-guidance',
  title: 'Orchestrating Gatehouse tools with code',
  description: 'How to find, read and call downstream tools through gateway.* and when to drive them from code (loops, filters, polling).',
  mimeType: MIME,
  size: Buffer.byteLength(METHODOLOGY_MARKDOWN, 'utf8'),
};

export function isGuidanceUri(uri: string): boolean {
  return GUIDANCE_URIS.includes(uri);
}

/** The read answer, echoing the URI the client asked for (either alias). */
export function readGuidanceResource(uri: string): ReadResourceResult {
  return { contents: [{ uri, mimeType: MIME, text: METHODOLOGY_MARKDOWN }] };
}

/** -32002 before the 2026-07-28 revision, -32602 from it on (mcp-protocol.md, error codes). */
export const RESOURCE_NOT_FOUND_LEGACY = -32002;
export const RESOURCE_NOT_FOUND_MODERN = -32602;
const MODERN_FROM = '2026-07-28';

export function resourceNotFoundCode(protocolVersion: string | null | undefined): number {
  // Protocol versions are ISO dates, so string order is date order.
  return protocolVersion && protocolVersion >= MODERN_FROM ? RESOURCE_NOT_FOUND_MODERN : RESOURCE_NOT_FOUND_LEGACY;
}
