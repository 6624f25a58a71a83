import * as z from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { authFieldsOf } from '../../common/auth-fields';
import { GatewayError } from '../../common/errors';
import { deadlineAfter } from '../../supervisor/caller-deadline';
import { callError } from '../call-errors';
import { validateArguments } from '../validate-arguments';
import { errorEntry, jsonResult } from '../envelope';
import { resultAnswer } from '../result-answer';
import { clientRefusal } from '../passthrough/client-refusal';
import { directAnswer } from '../passthrough/direct-answer';
import { defineMetaTool } from '../meta-tool';
import { resolveTool, type ResolvedTool } from '../resolve-tool';
import { outputBudget } from '../output-budget';
import { TraceContextInput, traceMeta } from '../trace-context';
import { runRequiredTask } from './required-task';
import { startTask } from './start-task';
import { correlationInputs, correlationOf } from '../correlation';

export const invoke = defineMetaTool({
  name: 'gateway.invoke',
  title: 'Invoke a tool',
  // Two sentences (issue 15): the list is read every session. Task-only tools are explained by the answer.
  description:
    'Call a downstream tool by tool_id with its arguments, checked against its schema first (gateway.describe ' +
    'shows them). Returns ok, result (the tool\'s content blocks) and errors; a long job can run as a task ' +
    '(task={...}) whose result gateway.tasks_result returns.',
  annotations: { openWorldHint: true },
  input: z.object({
    tool_id: z.string().min(1).describe('A "server::tool" id from gateway.catalog_search.'),
    // A plain object with a default, not a nullable one: old clients read only a property's top-level
    // `type` to know its text is JSON (issue 12). An explicit null is still dropped to this default.
    arguments: z.record(z.string(), z.unknown()).default({}).describe('The tool\'s arguments, as gateway.describe shows them.'),
    options: z
      .object({
        timeout_ms: z.number().int().min(1000).max(300_000).default(30_000).describe('Inactivity timeout; progress from the tool resets it.'),
        max_output_chars: z.number().int().min(100).max(100_000).nullish(),
        redact_secrets: z.boolean().default(true),
      })
      .nullish(),
    task: z
      .object({
        enabled: z.boolean().default(true),
        ttl: z.number().positive().nullish().describe('Seconds to keep the task and its result (the MCP task ttl).'),
        poll_interval: z.number().positive().nullish().describe('Seconds between your polls (kept with the task).'),
        metadata: z.record(z.string(), z.unknown()).nullish().describe('Kept with the task record.'),
        requestor_context: z.record(z.string(), z.unknown()).nullish().describe('Non-secret caller context, kept with the task record.'),
      })
      .nullish()
      .describe('Run as an MCP task (for long jobs): returns a task to poll with gateway.tasks_get / tasks_result.'),
    trace_context: TraceContextInput.describe('W3C trace context to continue in the server (sent in the call\'s _meta); a malformed value is dropped.'),
    _meta: TraceContextInput.describe('Same as trace_context, MCP style; trace_context wins where both are valid.'),
    ...correlationInputs,
  }),
  // The common call, { tool_id, arguments }: what the schema gives for it, without the schema's parse.
  quickInput(args) {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
    const { tool_id: toolId, arguments: callArguments } = args as Record<string, unknown>;
    for (const key in args) if (key !== 'tool_id' && key !== 'arguments') return undefined;
    if (typeof toolId !== 'string' || toolId.length === 0) return undefined;
    if (callArguments === undefined) return { tool_id: toolId, arguments: {} };
    if (typeof callArguments !== 'object' || callArguments === null || Array.isArray(callArguments)) return undefined;
    // The schema copies the record and lets only string keys through, which a parsed JSON object has anyway.
    return { tool_id: toolId, arguments: { ...(callArguments as Record<string, unknown>) } };
  },
  async run(args, gateway, call) {
    const toolId = args.tool_id;
    const correlation = correlationOf(args);
    if (!correlation.ok) return { content: [{ type: 'text', text: `Input validation error: ${correlation.problem}` }], isError: true };
    const timeoutMs = args.options?.timeout_ms ?? 30_000;
    // timeout_ms bounds the caller's whole wait: a lazy start of the server counts against it.
    const deadline = deadlineAfter(timeoutMs, call.signal);
    const failure = (error: unknown) => {
      const denied = error instanceof GatewayError && (error.code === 'E401' || error.code === 'E402' || error.code === 'E102');
      // Auth fields stay in the error entry and are lifted to the top level (contract §2.3 "+ auth fields");
      // a URL elicitation's entry carries the contract's fixed text as its message (§2.1).
      const auth = authFieldsOf(error);
      return jsonResult({ tool_id: toolId, ok: false, truncated: false, errors: [errorEntry(error)], ...auth, auth_state: denied ? 'policy_denied' : (auth.auth_state ?? null) }, { isError: true });
    };

    let resolved: ResolvedTool;
    try {
      resolved = await resolveTool(gateway.supervisor, gateway.policy(), toolId, deadline);
    } catch (error) {
      return failure(error);
    }
    const { handle, tool } = resolved;
    const callArguments = args.arguments;
    const problems = validateArguments(tool.inputSchema as Record<string, unknown>, callArguments);
    if (problems.length) {
      return failure(
        new GatewayError('E304', `invalid arguments for ${toolId}: ${problems.join('; ')}`, { problems },
          `see gateway.describe(tool_id="${toolId}")`),
      );
    }

    const meta = traceMeta(args.trace_context, args._meta, call.requestMeta);
    if (args.task?.enabled) {
      const { ttl, poll_interval, metadata, requestor_context } = args.task;
      const request = { pollIntervalSeconds: poll_interval ?? null, metadata: metadata ?? null, requestorContext: requestor_context ?? null };
      return startTask({ handle, tool, toolId, args: callArguments, gateway, failure }, { ttlSeconds: ttl ?? undefined, request, meta });
    }
    // The spec forbids a plain call of a task-only tool: it runs as a task, and the caller who asked for
    // a plain call gets the result if it comes within the timeout, else the task to poll.
    if (tool.execution?.taskSupport === 'required') {
      return runRequiredTask({ handle, tool, toolId, args: callArguments, gateway, failure }, { meta, waitMs: timeoutMs, maxOutputChars: args.options?.max_output_chars, signal: call.signal });
    }

    const startedAt = Date.now();
    let downstream: CallToolResult;
    try {
      downstream = await handle.callTool(tool.name, callArguments, {
        signal: call.signal,
        timeoutMs,
        deadline,
        toolId,
        sessionId: gateway.session.sessionId,
        meta,
        channel: call.channel,
        onProgress: call.progressToken === undefined ? undefined : (progress) => void call.sendProgress(progress),
      });
    } catch (error) {
      const refusal = call.direct ? clientRefusal(error) : null;
      if (refusal) throw refusal;
      return failure(callError(error, { server: handle.name, toolId, timeoutMs, startedAt }));
    }

    const budget = outputBudget(gateway, args.options?.max_output_chars, args.options?.redact_secrets !== false);
    return call.direct ? directAnswer(downstream, budget) : resultAnswer(toolId, downstream, budget);
  },
});
