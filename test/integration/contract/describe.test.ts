// gateway.describe (contract §2.3): one tool's detail with the contract field names, argument rows, the
// invoke_template placeholders (`<required: T>` / `<optional: T>`, JSON examples for objects and arrays
// of objects), safety_notes only for high risk, the verbatim input schema on request, lazy start, and
// request-level errors for unknown tools and servers.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectFields, requestErrorOf } from './helpers/envelope';
import { corpusServer, everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface ArgRow {
  name: string;
  type: string;
  required: boolean;
  short_description?: string;
  item_schema?: Record<string, string>;
}
interface DescribeBody {
  server: string;
  tool_name: string;
  title?: string;
  description?: string;
  args: ArgRow[];
  output_schema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  schema_dialect: string;
  safety_notes?: string[];
  invoke_as: string;
  invoke_template: { tool_id: string; arguments: Record<string, unknown> };
  input_schema?: Record<string, unknown>;
}

const DESCRIBE_FIELDS = [
  'server', 'tool_name', 'title', 'description', 'icons', 'args', 'output_schema', 'annotations', 'execution', 'schema_dialect',
  'constraints', 'safety_notes', 'invoke_as', 'invoke_template', 'code_snippet', 'feedback_hint', 'input_schema',
];

/** create_ticket's schema as the kit server itself lists it, for the verbatim check. */
async function directSchema(): Promise<Record<string, unknown>> {
  const kit = corpusServer('kit');
  const client = new Client({ name: 'direct', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: kit.command, args: kit.args, env: kit.env, stderr: 'ignore' }));
  try {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'create_ticket');
    return tool!.inputSchema as Record<string, unknown>;
  } finally {
    await client.close();
  }
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const describeTool = async (args: Record<string, unknown>) => answerOf<DescribeBody>(await gw.call('gateway.describe', args));

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { kit: corpusServer('kit'), corpus: corpusServer('corpus'), everything: everythingServer() } });
  });
  afterAll(async () => gw?.close());

  it('starts a lazy server to describe its tool', async () => {
    const body = await describeTool({ tool_id: 'kit::create_ticket' });
    expect(body.server).toBe('kit');
    const health = answerOf<{ servers: { name: string; status: string }[] }>(await gw.call('gateway.health'));
    expect(health.servers.find((s) => s.name === 'kit')?.status).toBe('online');
  });

  it('answers with the contract field names', async () => {
    const body = await describeTool({ tool_id: 'kit::create_ticket' });
    for (const key of Object.keys(body)) expect(DESCRIBE_FIELDS).toContain(key);
    expectFields(body, ['server', 'tool_name', 'description', 'args', 'schema_dialect', 'invoke_as', 'invoke_template']);
    expect(body).toMatchObject({
      server: 'kit',
      tool_name: 'create_ticket',
      description: 'Create a support ticket with steps to reproduce and an assignee.',
      schema_dialect: 'https://json-schema.org/draft/2020-12/schema',
      invoke_as: 'gateway.invoke',
    });
    // Defaults: guidance level minimal (no code_snippet), telemetry off (no feedback_hint), no schema unless asked.
    for (const absent of ['code_snippet', 'feedback_hint', 'input_schema']) expect(body).not.toHaveProperty(absent);
  });

  it('lists one row per argument with its type, required flag and item schema', async () => {
    const { args } = await describeTool({ tool_id: 'kit::create_ticket' });
    expect(args.map((a) => a.name)).toEqual(['title', 'priority', 'labels', 'assignee', 'steps', 'estimate']);
    const row = Object.fromEntries(args.map((a) => [a.name, a]));
    expect(row.title).toMatchObject({ type: 'string', required: true, short_description: 'One-line summary.' });
    expect(row.assignee).toMatchObject({ type: 'object', required: true });
    expect(row.estimate).toMatchObject({ type: 'integer', required: false });
    expect(row.steps).toMatchObject({ required: false, item_schema: { q: 'string', n: 'integer' } });
    for (const a of args) expect((a.short_description ?? '').length).toBeLessThanOrEqual(200);
  });

  it('fills invoke_template with placeholders and JSON examples', async () => {
    const { invoke_template } = await describeTool({ tool_id: 'kit::create_ticket' });
    expect(invoke_template.tool_id).toBe('kit::create_ticket');
    const a = invoke_template.arguments;
    expect(a.title).toBe('<required: string>');
    expect(a.estimate).toBe('<optional: integer>');
    expect(a.priority).toMatch(/^<optional: .*low.*normal.*high.*>$/);
    expect(a.labels).toMatch(/^<optional: .*string.*>$/);
    expect(a.assignee).toEqual({ name: '<string>', email: '<string>' });
    expect(a.steps).toEqual([{ q: '<string>', n: '<integer>' }]);
  });

  it('gives an empty template to a tool without arguments', async () => {
    const body = await describeTool({ tool_id: 'kit::always_fails' });
    expect(body.args).toEqual([]);
    expect(body.invoke_template).toEqual({ tool_id: 'kit::always_fails', arguments: {} });
  });

  it('returns the downstream input schema verbatim when asked', async () => {
    const body = await describeTool({ tool_id: 'kit::create_ticket', include_input_schema: true });
    expect(body.input_schema).toEqual(await directSchema());
  });

  it('adds safety_notes only for high-risk tools and passes titles and annotations on', async () => {
    expect((await describeTool({ tool_id: 'corpus::delete_records' })).safety_notes?.length).toBeGreaterThan(0);
    expect(await describeTool({ tool_id: 'corpus::archive_list' })).not.toHaveProperty('safety_notes');
    const script = await describeTool({ tool_id: 'corpus::run_script' });
    expect(script.annotations).toEqual({ readOnlyHint: true });
    expect(script).not.toHaveProperty('safety_notes'); // medium: readOnlyHint softens "run"
    expect((await describeTool({ tool_id: 'corpus::vault_store' })).title).toBe('Archive archive');
  });

  it('passes a downstream output schema on', async () => {
    const body = await describeTool({ tool_id: 'everything::get-structured-content' });
    expect(body.output_schema).toMatchObject({ type: 'object' });
  });

  it('answers unknown tools and servers with request-level errors', async () => {
    expect(requestErrorOf(await gw.call('gateway.describe', { tool_id: 'kit::no_such_tool' }), 'E301').message).toContain('no_such_tool');
    expect(requestErrorOf(await gw.call('gateway.describe', { tool_id: 'nowhere::echo' }), 'E203').message).toContain('nowhere');
    requestErrorOf(await gw.call('gateway.describe', { tool_id: 'not-a-tool-id' }), 'E301');
  });
});
