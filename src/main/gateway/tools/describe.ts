import * as z from 'zod';
import { DEFAULT_DIALECT, riskHint } from '../cards';
import { errorResult, jsonResult } from '../envelope';
import { defineMetaTool } from '../meta-tool';
import { resolveTool, type ResolvedTool } from '../resolve-tool';
import { argumentRows, constraintLines, invokeTemplate } from '../schema-summary';

const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export const describe = defineMetaTool({
  name: 'gateway.describe',
  title: 'Describe a tool',
  description:
    'Show one tool in full: its arguments, output schema, annotations and an invoke_template to fill in. ' +
    'Starts the tool\'s server if it is not running yet.',
  annotations: { readOnlyHint: true },
  input: z.object({
    tool_id: z.string().min(1).describe('A "server::tool" id from gateway.catalog_search.'),
    include_input_schema: z.boolean().default(false),
  }),
  async run(args, gateway) {
    let resolved: ResolvedTool;
    try {
      resolved = await resolveTool(gateway.supervisor, gateway.policy(), args.tool_id);
    } catch (error) {
      return errorResult(error);
    }
    const { handle, tool } = resolved;
    const schema = tool.inputSchema as Record<string, unknown>;
    const risk = riskHint(tool);
    return jsonResult({
      server: handle.name,
      tool_name: tool.name,
      title: tool.title ?? tool.annotations?.title ?? null,
      description: tool.description ?? null,
      icons: tool.icons ?? null,
      args: argumentRows(schema),
      output_schema: tool.outputSchema ?? null,
      // Passed on as the server's claims: annotations are hints from untrusted code.
      annotations: tool.annotations ?? null,
      execution: tool.execution ?? null,
      schema_dialect: typeof schema.$schema === 'string' ? schema.$schema : DEFAULT_DIALECT,
      constraints: constraintLines(schema),
      safety_notes: risk === 'high' ? ['This tool may change or delete data; confirm with the user before invoking it.'] : null,
      invoke_as: 'gateway.invoke',
      invoke_template: { tool_id: args.tool_id, arguments: invokeTemplate(schema) },
      code_snippet: gateway.guidance().codeSnippet(args.tool_id, { name: tool.name, description: tool.description, inputSchema: schema }),
      feedback_hint: gateway.guidance().telemetryEnabled ? 'Tell the operator if this description was wrong or incomplete.' : null,
      input_schema: args.include_input_schema ? schema : null,
      // Contract §3: such a tool stays callable by its id, but a client exposing it directly must rename it.
      diagnostics: MCP_TOOL_NAME.test(tool.name) ? null : [`tool name "${tool.name}" is outside the MCP tool-name rule (1-128 characters of A-Z a-z 0-9 _ - .); call it through gateway.invoke by tool_id`],
    });
  },
});
