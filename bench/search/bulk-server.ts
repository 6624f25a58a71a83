// A real MCP server over stdio with a large synthetic tool list, for the end-to-end catalog_search bench.
// BULK_SERVER picks the server's flavour (its product and nouns), BULK_TOOLS how many tools it lists.
import { Server, type CallToolResult } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { syntheticTools } from './synthetic-catalog';

const tools = syntheticTools(Number(process.env.BULK_SERVER ?? 0), Number(process.env.BULK_TOOLS ?? 100));
const server = new Server({ name: 'bench-bulk', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async () => ({ tools }));
server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => ({ content: [{ type: 'text', text: `${request.params.name} ran` }] }));
await server.connect(new StdioServerTransport());
