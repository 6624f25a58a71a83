// A downstream refusal that is about the calling client, not the tool: a 2026-07-28 server answering
// -32021 (MissingRequiredClientCapability, SEP-2575) because the request did not declare a capability it
// needs. For a tool the client called directly by its listed name (pinned or aggregate exposure), Gatehouse
// answers with that same JSON-RPC error — on HTTP a 400 — so the client learns what to declare, as it would
// from the server itself. gateway.invoke keeps its envelope (E302 with jsonrpc_code -32021).
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

export function clientRefusal(error: unknown): ProtocolError | null {
  if (!(error instanceof ProtocolError) || error.code !== ProtocolErrorCode.MissingRequiredClientCapability) return null;
  return new ProtocolError(error.code, error.message, error.data);
}

/** True for the refusal clientRefusal made: the tools/call handler lets it through as a JSON-RPC error. */
export function isClientRefusal(error: unknown): boolean {
  return error instanceof ProtocolError && error.code === ProtocolErrorCode.MissingRequiredClientCapability;
}
