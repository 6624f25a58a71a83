// Reading every page of a server's lists with the real SDK client and server over an in-memory pair:
// pages in order, a cursor that loops read once more and then left, and no request at all for a list
// whose capability the server did not declare (templates ride on the resources capability).
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { listAllPrompts, listAllResources, listAllResourceTemplates, listAllTools } from '../../../src/main/supervisor/list-all';

const open: { client: Client; close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { client, close } of open.splice(0)) {
    await client.close();
    await close();
  }
});

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

/** A server whose tools/list answers from `pages` by cursor; every request is counted by method. */
async function connect(pages: Record<string, { names: string[]; next?: string }>, capabilities: ConstructorParameters<typeof Server>[1]) {
  const asked: string[] = [];
  const createServer = () => {
    const server = new Server({ name: 'paged', version: '1' }, capabilities);
    // The SDK refuses a handler for a capability the server did not declare.
    if (capabilities?.capabilities?.tools) {
      server.setRequestHandler('tools/list', async (request) => {
        asked.push(`tools/list ${request.params?.cursor ?? '-'}`);
        const page = pages[request.params?.cursor ?? 'first'] ?? { names: [] };
        return { tools: page.names.map(tool), ...(page.next ? { nextCursor: page.next } : {}) };
      });
    }
    if (capabilities?.capabilities?.resources) {
      server.setRequestHandler('resources/templates/list', async () => {
        asked.push('resources/templates/list');
        return { resourceTemplates: [{ name: 't', uriTemplate: 'x://{id}' }] };
      });
    }
    return server;
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(createServer, { transport: serverSide });
  const client = new Client({ name: 'c', version: '1' });
  await client.connect(clientSide);
  open.push({ client, close: () => handle.close() });
  return { client, asked };
}

describe('list-all', () => {
  it('reads every page in order', async () => {
    const { client } = await connect({ first: { names: ['a', 'b'], next: 'p2' }, p2: { names: ['c'], next: 'p3' }, p3: { names: ['d'] } }, { capabilities: { tools: {} } });
    expect((await listAllTools(client, 5_000)).map((t) => t.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops at a cursor it has already followed instead of looping', async () => {
    const { client, asked } = await connect({ first: { names: ['a'], next: 'again' }, again: { names: ['b'], next: 'again' } }, { capabilities: { tools: {} } });
    expect((await listAllTools(client, 5_000)).map((t) => t.name)).toEqual(['a', 'b']);
    // A handful of requests, not MAX_PAGES (100): the SDK's own walk of a cursorless call may add one.
    expect(asked.length).toBeLessThanOrEqual(4);
    expect(asked.filter((line) => line === 'tools/list -')).toHaveLength(1);
  });

  it('asks nothing for a capability the server did not declare; templates follow the resources capability', async () => {
    const bare = await connect({ first: { names: ['a'] } }, { capabilities: {} });
    expect(await listAllTools(bare.client, 5_000)).toEqual([]);
    expect(await listAllResources(bare.client, 5_000)).toEqual([]);
    expect(await listAllPrompts(bare.client, 5_000)).toEqual([]);
    expect(await listAllResourceTemplates(bare.client, 5_000)).toEqual([]);
    expect(bare.asked).toEqual([]);

    const withResources = await connect({}, { capabilities: { resources: {} } });
    expect((await listAllResourceTemplates(withResources.client, 5_000)).map((t) => t.uriTemplate)).toEqual(['x://{id}']);
    expect(withResources.asked).toEqual(['resources/templates/list']);
  });
});
