// A server is "the same server" only while everything that shapes its launch or connection is the same.
import { describe, expect, it } from 'vitest';
import type { RemoteServerDefinition, StdioServerDefinition } from '../../../src/main/config/types';
import { definitionIdentity } from '../../../src/main/supervisor/identity';

const stdio: StdioServerDefinition = { name: 's', source: 'user', sourcePath: '/h/.mcp.json', startupPolicy: 'lazy', transport: 'stdio', command: 'node', args: ['a.js'], env: { TOKEN: '${TOKEN}' }, cwd: '/h' };
const remote: RemoteServerDefinition = { name: 'r', source: 'user', sourcePath: '/h/.mcp.json', startupPolicy: 'lazy', transport: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } };
const env = { PATH: '/usr/bin', TOKEN: 'one' };

describe('definitionIdentity', () => {
  it('is stable for the same definition and hides resolved values', () => {
    expect(definitionIdentity(stdio, env)).toBe(definitionIdentity({ ...stdio }, { ...env }));
    expect(definitionIdentity(remote, env)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['args', { ...stdio, args: ['b.js'] }],
    ['an env value resolved from the environment', stdio, { ...env, TOKEN: 'two' }],
    ['trust', { ...stdio, untrusted: { path: '/p/.mcp.json', sha256: 'a'.repeat(64), state: 'not_approved' as const } }],
  ])('changes with %s (stdio)', (_what, definition, otherEnv = env) => {
    expect(definitionIdentity(definition, otherEnv)).not.toBe(definitionIdentity(stdio, env));
  });

  it.each([
    ['a header value', remote, { ...env, TOKEN: 'two' }],
    ['declared auth metadata', { ...remote, auth: { declaredScopes: ['docs:read'] } }, env],
    ['an inferred transport', { ...remote, transportInferred: true }, env],
  ])('changes with %s (remote)', (_what, definition, otherEnv) => {
    expect(definitionIdentity(definition, otherEnv)).not.toBe(definitionIdentity(remote, env));
  });
});
