import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../src/main/http/auth/types';
import { clientProject, projectHeader } from '../../../src/main/http/client-project';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const principal = (kind: Principal['kind']): Principal => ({ kind, name: kind, id: kind, scopes: [] });

describe('the project a client names', () => {
  it('is taken from a local caller (the instance token holder) only', () => {
    const req = request(projectHeader('/home/me/work/b'));
    expect(clientProject(req, principal('local'))).toBe('/home/me/work/b');
    for (const kind of ['token', 'jwt', 'anonymous'] as const) expect(clientProject(req, principal(kind)), kind).toBeNull();
  });

  it('must be an absolute path without NUL, percent-encoded', () => {
    expect(clientProject(request({ 'gatehouse-project': 'relative/path' }), principal('local'))).toBeNull();
    expect(clientProject(request({ 'gatehouse-project': '%2Fa%00b' }), principal('local'))).toBeNull();
    expect(clientProject(request({ 'gatehouse-project': '%E0%A4%A' }), principal('local'))).toBeNull();
    expect(clientProject(request(projectHeader('/tmp/with space/ü')), principal('local'))).toBe('/tmp/with space/ü');
  });
});
