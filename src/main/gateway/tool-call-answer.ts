// The answer to one upstream tools/call of a meta-tool (or of a directly listed downstream tool): policy,
// the input checks, the run through the passthrough hub, redaction, audit. One function for both ways a
// call arrives — the SDK's request handler and the invoke lane (invoke-lane.ts) — so they cannot drift.
import { isInputRequiredResult, ProtocolError, ProtocolErrorCode, type CallToolResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import { GatewayError } from '../common/errors';
import { dropNulls } from './drop-nulls';
import { errorResult } from './envelope';
import type { GatewayContext, MetaTool } from './meta-tool';
import { isClientRefusal } from './passthrough/client-refusal';
import type { SessionLink, ServedCall } from './passthrough/hub';
import type { UpstreamRequest } from './passthrough/upstream-request';
import { prepare } from './prepared-tool';

export interface ToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown> & { progressToken?: string | number };
}

export type ToolCallAnswer = (params: ToolCallParams, upstream: UpstreamRequest) => Promise<CallToolResult | InputRequiredResult>;

/** gateway.invoke with `options.redact_secrets: false` and no task (redaction is forced on for tasks). */
function patternsOptedOut(toolName: string, args: unknown): boolean {
  if (toolName !== 'gateway.invoke' || typeof args !== 'object' || args === null) return false;
  const { options, task } = args as { options?: { redact_secrets?: boolean }; task?: { enabled?: boolean } };
  return options?.redact_secrets === false && !(task && task.enabled !== false);
}

export function toolCallAnswer(byName: ReadonlyMap<string, MetaTool>, context: GatewayContext, link: SessionLink | undefined): ToolCallAnswer {
  return async (params, upstream) => {
    // A listed downstream tool called by its listed name takes gateway.invoke's path (audit, redaction,
    // limits, policy) with its `server::tool` id and is answered with the tool's own result.
    const toolId = byName.has(params.name) ? null : (link?.exposure.resolve(params.name) ?? null);
    const direct = toolId !== null;
    const name = direct ? 'gateway.invoke' : params.name;
    const tool = byName.get(name);
    // An unknown name is a protocol error (-32602), not a tool result: no tool ran (MCP tools spec).
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`, { code: 'E301', suggestion: 'tools/list shows the gateway.* tools' });
    const decision = direct ? null : context.policy().decideGatewayTool(name);
    if (decision && !decision.allowed) return errorResult(new GatewayError(decision.code, decision.message, {}, decision.suggestion));
    const raw = direct ? { tool_id: toolId, arguments: params.arguments ?? {} } : (params.arguments ?? {});
    const quick = tool.quickInput?.(raw);
    const parsed = quick === undefined ? tool.input.safeParse(dropNulls(prepare(tool).readJsonText(raw))) : { success: true as const, data: quick };
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
      return { content: [{ type: 'text', text: `Input validation error: ${detail}` }], isError: true };
    }
    const progressToken = params._meta?.progressToken;
    const startedAt = Date.now();
    // Known secret values are always scrubbed; only a plain invoke may turn the policy's patterns off.
    const patterns = !patternsOptedOut(name, parsed.data);
    if (!patterns) context.skipPatternsFor?.(upstream.id);
    const run = (served?: ServedCall) =>
      tool.run(parsed.data, context, {
        signal: served?.signal ?? upstream.signal,
        progressToken,
        requestMeta: params._meta,
        channel: served?.channel,
        direct,
        sendProgress:
          served?.sendProgress ??
          (async (progress) => {
            if (progressToken === undefined) return;
            await upstream.notify({ method: 'notifications/progress', params: { progressToken, ...progress } });
          }),
      });
    // The answer is redacted on its way out — downstream output, errors and stderr tails alike — by the
    // session's transport, which every outgoing message passes (the core wraps it; skipPatternsFor above
    // tells it about this answer). Redacting here as well made every answer pay the pass twice.
    let answer: CallToolResult | InputRequiredResult;
    try {
      answer = await (link ? link.serveCall(upstream, params.name, progressToken, run) : run());
    } catch (error) {
      // A retry naming a requestState this caller was never given is a protocol error (-32602), not a tool's;
      // so is a directly listed tool's server refusing a capability the request did not declare (-32021).
      if (link?.isInvalidRetry(error) || isClientRefusal(error)) throw error;
      answer = errorResult(error);
    }
    // A 2026-07-28 round that asks the client for input is not an outcome yet: the retry's answer is audited.
    if (isInputRequiredResult(answer)) return answer;
    context.recordCall?.(name, parsed.data, answer, startedAt, params._meta);
    return answer;
  };
}
