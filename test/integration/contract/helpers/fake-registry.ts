// A loopback stand-in for the public MCP Registry (`GET /v0/servers?search=`), so search_registry and
// request_capability are tested without the internet. Gatehouse accepts it only with
// GATEHOUSE_REGISTRY_ALLOW_LOOPBACK=1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRegistry {
  url: string;
  /** The search parameters of every request, in order. */
  searches: URLSearchParams[];
  close(): Promise<void>;
}

export const REGISTRY_SERVER = {
  name: 'io.example/notes',
  description: 'Keep notes in a shared notebook.',
  package: '@example/notes-mcp@1.2.3',
  env_var: 'NOTES_API_KEY',
};

const BODY = {
  servers: [
    {
      server: {
        name: REGISTRY_SERVER.name,
        description: REGISTRY_SERVER.description,
        version: '1.2.3',
        packages: [
          {
            registryType: 'npm',
            identifier: '@example/notes-mcp',
            version: '1.2.3',
            transport: { type: 'stdio' },
            environmentVariables: [{ name: REGISTRY_SERVER.env_var }],
          },
        ],
      },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
    },
  ],
  metadata: { count: 1 },
};

export async function startFakeRegistry(): Promise<FakeRegistry> {
  const searches: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/v0/servers') {
      res.writeHead(404).end();
      return;
    }
    searches.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(BODY));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    searches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
