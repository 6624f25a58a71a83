// What an audited meta-tool call was about, worked out one way for every transport: the downstream
// `server::tool` of a gateway.invoke or of a directly listed tool (else the meta-tool's own name) and that server, whether a W3C trace
// context came with it, and its correlation ids. The HTTP layer (http/record.ts) and the core (stdio and
// in-process sessions) both build their audit events from this. Capped: all of it comes from the client.
import type { AuditInput } from '../logs/audit-ring';
import { invokeCorrelation } from './correlation';
import { invokeCarriesTrace } from './trace-context';

export type AuditSubject = Pick<AuditInput, 'tool' | 'server' | 'trace_present' | 'correlation'>;

export function auditSubject(toolName: unknown, args: unknown, requestMeta?: unknown): AuditSubject {
  const name = typeof toolName === 'string' ? toolName.slice(0, 200) : null;
  const argToolId = args && typeof args === 'object' && typeof (args as { tool_id?: unknown }).tool_id === 'string' ? (args as { tool_id: string }).tool_id.slice(0, 300) : null;
  // A downstream tool listed directly (exposure modes) is called by its own `server::tool` name.
  const toolId = name === 'gateway.invoke' || !name?.includes('::') ? argToolId : name;
  const sep = toolId?.indexOf('::') ?? -1;
  return {
    tool: toolId ?? name,
    server: toolId && sep > 0 ? toolId.slice(0, sep).slice(0, 128) : null,
    trace_present: invokeCarriesTrace(name, args, requestMeta),
    correlation: name === 'gateway.invoke' ? invokeCorrelation(args) : null,
  };
}
