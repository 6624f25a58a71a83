// A loopback stand-in for the MCP Registry's `/v0/servers`: search (`?search=`) and the paged listing a
// registry copy is taken from (`?cursor=`, metadata.nextCursor), counting requests so the tests can see
// the disk caches at work. `pageSize` serves the listing in small pages; `down` answers 503;
// `endlessCursor` never ends the listing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistryFixture {
  url: string;
  requests: string[];
  /** While true every request answers 503. */
  down: boolean;
  close(): Promise<void>;
}

const SERVERS = [
  {
    server: {
      name: 'io.github.example/weather',
      description: 'Weather forecasts and alerts',
      version: '1.4.2',
      packages: [{ registryType: 'npm', identifier: '@example/weather-mcp', version: '1.4.2', transport: { type: 'stdio' }, environmentVariables: [{ name: 'WEATHER_API_KEY', isSecret: true }] }],
    },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
  },
  {
    server: { name: 'io.github.example/weather', version: '1.3.0', packages: [{ registryType: 'npm', identifier: '@example/weather-mcp', version: '1.3.0' }] },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: false } },
  },
  {
    server: {
      name: 'io.github.example/tides',
      description: 'Tide tables for harbours',
      version: '0.3.0',
      packages: [{ registryType: 'npm', identifier: '@example/tides-mcp', version: '0.3.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'TIDES_API_KEY', isSecret: true }] }],
    },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
  },
  {
    server: { name: 'com.example/hosted', description: 'Hosted weather', remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp?token=secret', headers: [{ name: 'X-Api-Key' }] }] },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
  },
];

export async function startRegistryFixture(options: { pageSize?: number; endlessCursor?: boolean } = {}): Promise<RegistryFixture> {
  const requests: string[] = [];
  const fixture = { down: false };
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (fixture.down) {
      res.writeHead(503).end();
      return;
    }
    if (url.pathname !== '/v0/servers') {
      res.writeHead(404).end();
      return;
    }
    if (!url.searchParams.has('search')) {
      // The listing: pages in order, the cursor is the index of the next entry.
      const start = Number((url.searchParams.get('cursor') ?? '0').split('#')[0]);
      const size = Math.min(Number(url.searchParams.get('limit') ?? 30), options.pageSize ?? Infinity);
      const servers = SERVERS.slice(start, start + size);
      // endlessCursor: a broken registry whose listing starts over instead of ending.
      const next = start + size < SERVERS.length ? String(start + size) : options.endlessCursor ? `0#${requests.length}` : undefined;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servers, metadata: { count: servers.length, ...(next ? { nextCursor: next } : {}) } }));
      return;
    }
    const q = (url.searchParams.get('search') ?? '').toLowerCase();
    const servers = SERVERS.filter((s) => `${s.server.name} ${s.server.description ?? ''}`.toLowerCase().includes(q.split(' ')[0] ?? ''));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servers, metadata: { count: servers.length } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get down() {
      return fixture.down;
    },
    set down(value: boolean) {
      fixture.down = value;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
