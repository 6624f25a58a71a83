// A GatewayContext around a real Supervisor, for tests that drive meta-tools without a whole core.
// Everything a test does not set gets a plain, inert default.
import type { GatewayContext } from '../../src/main/gateway/meta-tool';
import { loadGuidance } from '../../src/main/gateway/guidance';
import { loadPolicy } from '../../src/main/policy';
import type { Supervisor } from '../../src/main/supervisor/supervisor';

export function testGatewayContext(supervisor: Supervisor, overrides: Partial<GatewayContext> = {}): GatewayContext {
  // No guidance file is read: an empty env and a home with nothing in it give the defaults.
  const guidance = loadGuidance({ env: {}, homeDir: '/nonexistent-gatehouse-home' });
  const policy = loadPolicy({ env: {}, homeDir: '/nonexistent-gatehouse-home', projectRoot: null });
  return {
    supervisor,
    transport: 'in-process',
    session: { sessionId: 'test', operator: true },
    revision: () => ({ id: 'rev-test', refreshedAt: new Date(0).toISOString() }),
    configIssues: () => [],
    redact: (value) => value,
    auditEvents: () => [],
    guidance: () => guidance,
    policy: () => policy,
    reload: async () => {
      throw new Error('reload is not part of this test');
    },
    ...overrides,
  };
}
