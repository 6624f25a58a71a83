// A loopback stand-in for the MCP Registry's `/v0/servers` search, counting requests so the tests can
// see the disk cache at work.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistryFixture {
  url: string;
  requests: string[];
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

export async function startRegistryFixture(): Promise<RegistryFixture> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/v0/servers') {
      res.writeHead(404).end();
      return;
    }
    const q = (url.searchParams.get('search') ?? '').toLowerCase();
    const servers = SERVERS.filter((s) => `${s.server.name} ${s.server.description ?? ''}`.toLowerCase().includes(q.split(' ')[0] ?? ''));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servers, metadata: { count: servers.length } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}
