import { describe, expect, it } from 'vitest';
import { selfReference } from '../../../src/main/config/self-reference';
import type { SourceDefinition } from '../../../src/main/config/types';

const stdio = (name: string, command: string, args: string[] = []): SourceDefinition => ({ name, source: 'user', sourcePath: '/h/.mcp.json', transport: 'stdio', command, args, env: {}, cwd: '/h' });
const remote = (name: string, url: string): SourceDefinition => ({ name, source: 'user', sourcePath: '/h/.mcp.json', transport: 'http', url, headers: {} });
const PORTS = new Set([3344]);

describe('selfReference', () => {
  it.each([
    [stdio('gatehouse', 'whatever'), 'it is named "gatehouse"'],
    [stdio('PMCP', 'x'), 'it is named "PMCP"'],
    [stdio('gw', '/usr/local/bin/gatehouse'), 'it launches /usr/local/bin/gatehouse'],
    [stdio('gw', 'npx', ['-y', '@acme/gatehouse@1.2.0', 'serve']), 'it launches @acme/gatehouse@1.2.0 through npx'],
    [stdio('gw', 'uvx', ['pmcp==0.4']), 'it launches pmcp==0.4 through uvx'],
    [stdio('gw', 'pnpm', ['dlx', 'gatehouse']), 'it launches gatehouse through pnpm'],
    [stdio('gw', 'uv', ['tool', 'run', 'pmcp']), 'it launches pmcp through uv'],
    [stdio('gw', '/usr/bin/node', ['/opt/gatehouse/bin/gatehouse.mjs', 'serve', '--transport', 'stdio']), 'it launches /opt/gatehouse/bin/gatehouse.mjs through node'],
    [remote('gw', 'http://127.0.0.1:3344/mcp'), "its url http://127.0.0.1:3344/mcp is Gatehouse's own endpoint"],
    [remote('gw', 'http://localhost:3344/mcp'), "its url http://localhost:3344/mcp is Gatehouse's own endpoint"],
  ])('skips %#', (definition, reason) => {
    expect(selfReference(definition, PORTS)).toBe(reason);
  });

  it.each([
    stdio('files', 'npx', ['-y', '@modelcontextprotocol/server-filesystem', '/tmp']),
    stdio('gatehouse-docs-search', 'node', ['server.js']),
    stdio('runner', 'node', ['server.js', '--name', 'gatehouse']),
    remote('other', 'http://127.0.0.1:8080/mcp'),
    remote('far', 'https://gatehouse.example.com/mcp'),
  ])('keeps an ordinary server %#', (definition) => {
    expect(selfReference(definition, PORTS)).toBeNull();
  });
});
