// Policy on the MCP face (contract §1, §2.3, §5): a denied meta-tool is absent from tools/list and answers
// `Gateway tool blocked by policy: <name>` in the error envelope; a denied tool or server is refused
// before anything starts — describe with the request-level envelope, invoke with ok:false, isError,
// auth_state policy_denied (E402 tool, E401 server); a denied server is hidden and its tools unlisted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_META_TOOLS } from './helpers/contract';
import { answerOf, decodeErrors, jsonOf, requestErrorOf } from './helpers/envelope';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';

const POLICY = [
  'servers:',
  '  denylist: ["hidden"]',
  'tools:',
  '  denylist: ["kit::always_fails"]',
  'gateway_tools:',
  '  denylist: ["gateway.refresh", "disconnect_server"]',
  '  profile: full',
  '',
].join('\n');

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const kitStatus = async () =>
    answerOf<{ servers: { name: string; status: string }[] }>(await gw.call('gateway.health')).servers.find((s) => s.name === 'kit')?.status;

  beforeAll(async () => {
    gw = await openGateway(lane, {
      mcpServers: { kit: corpusServer('kit'), hidden: corpusServer('kit') },
      homeFiles: { '.config/gatehouse/policy.yaml': POLICY },
    });
  });
  afterAll(async () => gw?.close());

  it('leaves denied meta-tools out of tools/list, in either spelling', async () => {
    const names = (await gw.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(CONTRACT_META_TOOLS.filter((n) => n !== 'gateway.refresh' && n !== 'gateway.disconnect_server'));
  });

  it.each(['gateway.refresh', 'gateway.disconnect_server'])('answers %s with the blocked-by-policy literal', async (name) => {
    const error = requestErrorOf(await gw.call(name, { server_name: 'kit' }));
    expect(error.message).toBe(`Gateway tool blocked by policy: ${name}`);
    expect(error.code).toMatch(/^E4\d\d$/);
  });

  it('refuses describe of a denied tool with the request-level envelope, starting nothing', async () => {
    requestErrorOf(await gw.call('gateway.describe', { tool_id: 'kit::always_fails' }), 'E402');
    expect(await kitStatus()).toBe('lazy');
  });

  it('refuses invoke of a denied tool: ok:false, isError, E402, policy_denied, starting nothing', async () => {
    const result = await gw.call('gateway.invoke', { tool_id: 'kit::always_fails' });
    expect(result.isError).toBe(true);
    const body = jsonOf<{ ok: boolean; errors: unknown[]; auth_state?: string }>(result);
    expect(body).toMatchObject({ ok: false, auth_state: 'policy_denied' });
    expect(decodeErrors(body.errors)[0]?.code).toBe('E402');
    expect(await kitStatus()).toBe('lazy');
  });

  it('refuses a denied server with E401 and hides it', async () => {
    const result = await gw.call('gateway.invoke', { tool_id: 'hidden::create_ticket', arguments: { title: 't', assignee: { name: 'n', email: 'e' } } });
    expect(result.isError).toBe(true);
    expect(decodeErrors(jsonOf<{ errors: unknown[] }>(result).errors)[0]?.code).toBe('E401');
    const health = answerOf<{ servers: { name: string }[] }>(await gw.call('gateway.health'));
    expect(health.servers.map((s) => s.name)).toEqual(['kit']);
  });

  it('keeps a denied tool out of catalog_search', async () => {
    await gw.call('gateway.connect_server', { server_name: 'kit' });
    const ids = answerOf<{ results: { tool_id: string }[] }>(await gw.call('gateway.catalog_search', { limit: 100 })).results.map((c) => c.tool_id);
    expect(ids).toContain('kit::create_ticket');
    expect(ids).not.toContain('kit::always_fails');
  });
});
