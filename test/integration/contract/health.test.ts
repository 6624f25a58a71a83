// gateway.health (contract §2.3, §4.5, §2.2 auth fields): revision_id, rows sorted by name with the
// status words, protocol_version per child era, `error` only on status error, auth fields for a server
// whose ${VAR} is unresolved, gateway_diagnostics.transport of the caller's lane.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectFields } from './helpers/envelope';
import { corpusServer, faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface Row {
  name: string;
  status: string;
  tool_count: number;
  protocol_version?: string;
  error?: string;
  startup_policy?: string;
  startup_source?: string;
  missing_env_vars?: string[];
  startup_env_var?: string;
  auth_state?: string;
  next_step?: string;
}
interface Health {
  revision_id: string;
  servers: Row[];
  last_refresh_ts: string;
  gateway_diagnostics: { transport: string; audit_enabled: boolean; audit_buffer_size: number; policy_digest: string };
  audit_events: unknown[];
}

const STATUS_WORDS = ['online', 'offline', 'connecting', 'error', 'lazy'];
const REVISION = /^rev-\d{13}-[A-Za-z0-9]{6}$/;
const MISSING = 'GATEHOUSE_CONTRACT_TEST_UNSET_TOKEN';

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const health = async (args: Record<string, unknown> = {}) => answerOf<Health>(await gw.call('gateway.health', args));
  const row = async (name: string) => (await health()).servers.find((s) => s.name === name)!;

  beforeAll(async () => {
    gw = await openGateway(lane, {
      mcpServers: {
        legacy: faultServer(),
        modern: faultServer({ FAULT_ERA: 'modern' }),
        crashy: faultServer({ FAULT_CRASH_AT_START: '1' }),
        locked: { ...corpusServer('kit'), env: { CORPUS_SET: 'kit', API_TOKEN: `\${${MISSING}}` } },
        idle: corpusServer('corpus'),
      },
    });
    for (const server_name of ['legacy', 'modern', 'crashy', 'locked']) await gw.call('gateway.connect_server', { server_name });
  });
  afterAll(async () => gw?.close());

  it('answers with revision_id, sorted rows, last_refresh_ts, diagnostics and audit events', async () => {
    const body = await health();
    expectFields(body, ['revision_id', 'servers', 'last_refresh_ts', 'gateway_diagnostics', 'audit_events']);
    expect(body.revision_id).toMatch(REVISION);
    expect(new Date(body.last_refresh_ts).toISOString()).toBe(body.last_refresh_ts);
    expect(body.servers.map((s) => s.name)).toEqual(['crashy', 'idle', 'legacy', 'locked', 'modern']);
    for (const server of body.servers) {
      expectFields(server, ['name', 'status', 'tool_count']);
      expect(STATUS_WORDS).toContain(server.status);
      if (server.status !== 'error') expect(server).not.toHaveProperty('error');
    }
    expect(Array.isArray(body.audit_events)).toBe(true);
  });

  it('names the transport the caller came in on', async () => {
    const { gateway_diagnostics } = await health();
    expect(gateway_diagnostics.transport).toBe(lane.transport);
    expect(gateway_diagnostics.audit_enabled).toBe(true);
    expect(typeof gateway_diagnostics.audit_buffer_size).toBe('number');
    expect(gateway_diagnostics.policy_digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows each online child with its tool count and negotiated protocol version', async () => {
    expect(await row('legacy')).toMatchObject({ status: 'online', tool_count: 8, protocol_version: '2025-11-25' });
    expect(await row('modern')).toMatchObject({ status: 'online', tool_count: 8, protocol_version: '2026-07-28' });
  });

  it('shows a configured, never-used server as lazy', async () => {
    expect(await row('idle')).toMatchObject({ status: 'lazy', tool_count: 0, startup_policy: 'lazy', startup_source: 'project' });
  });

  it('gives a failed server status error with its error text', async () => {
    const crashy = await row('crashy');
    expect(crashy.status).toBe('error');
    expect(crashy.error).toContain('configured to crash at start');
  });

  it('carries the auth fields for an unresolved ${VAR}', async () => {
    expect(await row('locked')).toMatchObject({
      missing_env_vars: [MISSING],
      startup_env_var: MISSING,
      auth_state: 'missing_auth',
      next_step: "gateway.auth_connect(server_name='locked')",
    });
  });
});
