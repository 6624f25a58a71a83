#!/usr/bin/env node
// Gatehouse as the client of a conformance client scenario: the suite starts the scenario's server and
// runs this with its URL as the last argument. This writes a config whose one server is that URL
// (remote, type http), starts `gatehouse serve --transport stdio` on it, and drives Gatehouse the way an
// agent does: connect the server, sign in with OAuth when it asks (following the authorization URL with
// fetch: the suite's authorization server approves at once), then call every tool it offers through
// gateway.invoke and read its resources and prompts. Exit 0 when that went through, 1 otherwise (the
// suite judges the traffic itself).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { GATEHOUSE_BIN, REPO } from './lib/paths.mjs';
import { sampleArguments } from './lib/sample-arguments.mjs';

const url = process.argv.at(-1);
/** The suite's scenario context (MCP_CONFORMANCE_CONTEXT), e.g. the tool calls a scenario wants made. */
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
const scenarioCalls = Array.isArray(context.toolCalls) ? context.toolCalls : [];
const say = (line) => process.stderr.write(`harness: ${line}\n`);

async function meta(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  const first = result.content?.[0];
  const body = first?.type === 'text' ? JSON.parse(first.text) : {};
  return { body, isError: result.isError === true };
}

/** Follows an authorization URL like a browser whose user approves: every redirect, down to Gatehouse's loopback listener. */
async function approve(authorizationUrl) {
  let next = authorizationUrl;
  for (let hop = 0; hop < 10 && next; hop += 1) {
    const response = await fetch(next, { redirect: 'manual' });
    const location = response.headers.get('location');
    say(`authorization hop ${hop}: HTTP ${response.status}`);
    if (!location) return;
    next = new URL(location, next).href;
  }
}

/**
 * Arguments for a tool: sampled from its schema, except for a tool that asks for "the inputSchema the client
 * observed for <tool>" (json-schema-2020-12-preservation), which gets that tool's schema as
 * gateway.describe shows it, so the scenario sees what Gatehouse kept of it.
 */
async function echoOrSample(client, schema) {
  const property = schema?.properties?.schema;
  const observed = /inputSchema the client observed for (\S+?)[,.]? passed back/.exec(property?.description ?? '')?.[1];
  if (!observed) return sampleArguments(schema);
  const described = await meta(client, 'gateway.describe', { tool_id: `remote::${observed}`, include_input_schema: true });
  return { schema: described.body.input_schema ?? {} };
}

async function signInIfAsked(client) {
  for (let round = 0; round < 3; round += 1) {
    const { body } = await meta(client, 'gateway.auth_connect', { server_name: 'remote', auth_mode: 'oauth' });
    say(`auth_connect: ${body.oauth_status ?? ''} ${body.message ?? JSON.stringify(body).slice(0, 300)}`);
    if (body.oauth_status === 'signed_in' || body.oauth_status === 'failed' || !body.authorization_url) return body;
    await approve(body.authorization_url);
  }
  return {};
}

async function run() {
  const base = mkdtempSync(join(tmpdir(), 'gatehouse-conformance-client-'));
  const project = join(base, 'project');
  mkdirSync(project, { recursive: true });
  const config = join(base, 'mcp.json');
  // A scenario whose authorization server has the client registered beforehand hands its credentials in
  // the context: the entry names the client (gatehouse.oauth), and the secret reaches Gatehouse as a
  // variable of its environment, as an operator's would (never written in the file).
  const preregistered = typeof context.client_id === 'string' ? { oauth: { client_id: context.client_id, ...(context.client_secret ? { client_secret: '${CONFORMANCE_CLIENT_SECRET}' } : {}) } } : null;
  // The client-ID metadata document the suite's authorization servers know (SEP-991): the harness names it
  // as an operator who published one would. Gatehouse uses it only where the authorization server says it
  // fetches such documents; elsewhere it registers dynamically as before.
  const documentUrl = 'https://conformance-test.local/client-metadata.json';
  const entry = { type: 'http', url, client_id_metadata_document_url: documentUrl, ...(preregistered ? { gatehouse: preregistered } : {}) };
  writeFileSync(config, JSON.stringify({ mcpServers: { remote: entry } }));
  // HOME and the XDG folders come from the caller (with-keychain.sh gives each scenario a fresh keyring).
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [GATEHOUSE_BIN, 'serve', '--transport', 'stdio', '--standalone', '--config', config, '--project', project],
    cwd: REPO,
    env: { ...process.env, GATEHOUSE_CATALOG_INDEX: 'off', ...(context.client_secret ? { CONFORMANCE_CLIENT_SECRET: String(context.client_secret) } : {}) },
    stderr: 'inherit',
  });
  // The agent behind Gatehouse takes the requests a server makes while serving a call (Gatehouse relays
  // them to the session that made the call), as a person who accepts every form: elicitation (form mode,
  // the schema's defaults applied by the SDK, SEP-1034) and sampling.
  const client = new Client(
    { name: 'gatehouse-conformance-harness', version: '1.0.0' },
    { capabilities: { elicitation: { form: { applyDefaults: true } }, sampling: {} } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    say(`elicitation: ${String(request.params.message ?? '').slice(0, 120)}`);
    const schema = request.params.requestedSchema;
    // Required fields answered from the schema; the rest left out, so the SDK fills their defaults.
    const required = new Set(schema?.required ?? []);
    const sampled = schema ? sampleArguments(schema) : {};
    return { action: 'accept', content: Object.fromEntries(Object.entries(sampled).filter(([key]) => required.has(key))) };
  });
  client.setRequestHandler('sampling/createMessage', async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'sampled by the conformance harness' },
    model: 'conformance-harness',
    stopReason: 'endTurn',
  }));
  await client.connect(transport);
  try {
    // A refused connect (E201) is answered by signing in and connecting again, as an agent following the
    // answer's next_step would: after a refused connect the server is offline, and a sign-in only
    // reconnects one in auth_required or error. A second refusal (403 insufficient_scope after the first
    // sign-in) is a step-up: sign in again. Three rounds at most, as a client limits its retries.
    for (let round = 0; round < 3; round += 1) {
      const connected = await meta(client, 'gateway.connect_server', { server_name: 'remote' });
      say(`connect_server: ${JSON.stringify(connected.body).slice(0, 300)}`);
      if (!connected.isError && connected.body.ok !== false) break;
      if (connected.body.errors?.[0]?.code !== 'E201') break;
      await signInIfAsked(client);
    }
    const search = async () => (await meta(client, 'gateway.catalog_search', { query: '', filters: { server: 'remote' }, limit: 100 })).body;
    let body = await search();
    if (!(body.results ?? []).length) {
      // Connected but no tools: health says why. A server that refused the token after the handshake
      // (degraded, "refused Gatehouse's credential", e.g. it moved to another authorization server) wants
      // a new sign-in, as the E201 in its last_error says.
      const row = (await meta(client, 'gateway.health', { verbose: true })).body.servers?.find((s) => s.name === 'remote');
      say(`no tools listed: ${row?.state ?? 'unknown'} ${row?.last_error ?? ''}`.slice(0, 400));
      if (/refused Gatehouse's credential/.test(row?.last_error ?? '')) {
        await signInIfAsked(client);
        await meta(client, 'gateway.connect_server', { server_name: 'remote' });
        body = await search();
      }
    }
    let failures = 0;
    for (const card of body.results ?? []) {
      const described = await meta(client, 'gateway.describe', { tool_id: card.tool_id, include_input_schema: true });
      const schema = described.body.input_schema ?? {};
      // The scenario's own calls when its context names some for this tool (their values are what it
      // checks, e.g. non-ASCII header values), else arguments sampled from the schema.
      // A null is left out: Gatehouse checks arguments against the listed schema, and a null for a
      // `boolean` parameter is refused there (E304) before any request; leaving it out is the "not
      // provided" half of the omit-the-header rule the scenario checks.
      const named = scenarioCalls
        .filter((c) => `remote::${c.name}` === card.tool_id)
        .map((c) => Object.fromEntries(Object.entries(c.arguments ?? {}).filter(([, value]) => value !== null)));
      for (const args of named.length ? named : [await echoOrSample(client, schema)]) {
        const call = () => meta(client, 'gateway.invoke', { tool_id: card.tool_id, arguments: args });
        let invoked = await call();
        // E201: the server wants a (wider) sign-in, e.g. a 403 insufficient_scope; sign in again and retry once.
        if (!invoked.body.ok && invoked.body.errors?.[0]?.code === 'E201') {
          await signInIfAsked(client);
          invoked = await call();
        }
        say(`invoke ${card.tool_id}: ok=${invoked.body.ok} ${invoked.body.ok ? '' : JSON.stringify(invoked.body.errors ?? []).slice(0, 300)}`);
        if (!invoked.body.ok) failures += 1;
      }
    }
    for (const resource of (await client.listResources()).resources.filter((r) => !r.uri.startsWith('gatehouse://'))) {
      await client.readResource({ uri: resource.uri }).catch((error) => say(`read ${resource.uri}: ${error.message}`));
    }
    for (const prompt of (await client.listPrompts()).prompts) {
      const args = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, 'test']));
      await client.getPrompt({ name: prompt.name, arguments: args }).catch((error) => say(`prompt ${prompt.name}: ${error.message}`));
    }
    return failures === 0 && (body.results ?? []).length > 0;
  } finally {
    await client.close();
  }
}

run().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    say(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
