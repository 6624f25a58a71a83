// Which protocol era serves a POST /mcp: the SDK's own classification (classifyInboundRequest, behind
// isLegacyRequest and createMcpHandler), with a shortcut for the common case. A request that carries no
// envelope claim (`_meta` without the protocol-version key) and no 2026-07-28-or-later
// MCP-Protocol-Version header is handshake-era traffic by the SDK's rules ('initialize' or 'no-claim'),
// and the full classification would only confirm it after failed schema checks (a response? an error?)
// that each build a validation error. Everything else is classified by the SDK.
import { classifyInboundRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import type { InboundMessage } from './jsonrpc';

/** The first stateless-era revision; versions compare as strings, as the SDK compares them. */
const FIRST_MODERN_VERSION = '2026-07-28';

export interface EraHeaders {
  protocolVersion?: string;
  method?: string;
  name?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the SDK would route this POST to 2025-era (handshake) serving. */
export function isLegacyPost(inbound: InboundMessage, headers: EraHeaders): boolean {
  const meta = inbound.params?._meta;
  const claims = isRecord(meta) && PROTOCOL_VERSION_META_KEY in meta;
  const version = headers.protocolVersion?.replace(/^[ \t]+|[ \t]+$/g, '');
  if (inbound.kind === 'request' && !claims && (version === undefined || version < FIRST_MODERN_VERSION)) return true;
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: headers.protocolVersion,
    mcpMethodHeader: headers.method,
    mcpNameHeader: headers.name,
    body: inbound.message,
  });
  return outcome.kind === 'legacy';
}
