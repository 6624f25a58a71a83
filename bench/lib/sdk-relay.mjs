#!/usr/bin/env node
// The floor of any MCP gateway built on the TypeScript SDK: a low-level SDK Server over stdio whose
// tools/call hands the call to an SDK Client connected to one downstream server, and nothing else — no
// policy, validation, redaction, audit or shaping. The bench measures it beside Gatehouse so the CPU a
// hop costs can be split into what the SDK's two endpoints cost and what Gatehouse adds.
// Usage: node bench/lib/sdk-relay.mjs <command> [args...]   (the downstream server)
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'sdk-relay', version: '1' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const server = new Server({ name: 'sdk-relay', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async () => client.listTools());
server.setRequestHandler('tools/call', async (request) => client.request({ method: 'tools/call', params: request.params }));
await server.connect(new StdioServerTransport());
