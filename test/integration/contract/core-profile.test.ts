// The core profile (issue 15), Gatehouse's default: tools/list shows the five meta-tools an agent uses every
// session, in under 6,000 bytes, and every other meta-tool still answers when called by name, so agents
// written for PMCP's full list keep working; the instructions name what is not listed. The gateway_tools
// lists still apply to a tool called by name, and `profile: full` in the policy lists all 26 (the contract
// tests run under it). In every lane: stdio and HTTP, 2025-11-25 and 2026-07-28 clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_META_TOOLS, CORE_PROFILE_TOOLS } from './helpers/contract';
import { answerOf, requestErrorOf } from './helpers/envelope';
import { everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

const POLICY = 'gateway_tools:\n  denylist: ["gateway.restart_server"]\n';

describe.each(LANES)('$label', (lane) => {
  let core: Gateway;
  let full: Gateway;
  beforeAll(async () => {
    core = await openGateway(lane, { mcpServers: { everything: everythingServer() }, homeFiles: { '.config/gatehouse/policy.yaml': POLICY } });
    full = await openGateway(lane, { mcpServers: { everything: everythingServer() }, homeFiles: { '.config/gatehouse/policy.yaml': `${POLICY}  profile: full\n` } });
  });
  afterAll(async () => {
    await core?.close();
    await full?.close();
  });

  it('lists the core meta-tools by default, sorted, in under 6,000 bytes', async () => {
    const { tools } = await core.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(CORE_PROFILE_TOOLS);
    // Measured as the bench measures it: the JSON of the tools array the SDK client hands back.
    expect(Buffer.byteLength(JSON.stringify(tools))).toBeLessThan(6000);
  });

  it('answers meta-tools it does not list when they are called by name', async () => {
    expect(answerOf<{ ok: boolean }>(await core.call('gateway.connect_server', { server_name: 'everything' })).ok).toBe(true);
    expect(answerOf<{ tasks: unknown[] }>(await core.call('gateway.tasks_list')).tasks).toEqual([]);
    expect(answerOf<{ entries: unknown[] }>(await core.call('gateway.config_status')).entries.length).toBeGreaterThan(0);
  });

  it('still refuses a tool the gateway_tools denylist names, listed or not', async () => {
    const error = requestErrorOf(await core.call('gateway.restart_server', { server_name: 'everything' }));
    expect(error.message).toBe('Gateway tool blocked by policy: gateway.restart_server');
  });

  it('names the meta-tools it leaves off the list in its instructions, and not a denied one', () => {
    const instructions = core.client.getInstructions() ?? '';
    expect(instructions).toContain('answered when called by name');
    expect(instructions).toContain('gateway.auth_connect');
    expect(instructions).not.toContain('gateway.restart_server');
    expect(full.client.getInstructions() ?? '').not.toContain('answered when called by name');
  });

  it('lists every allowed meta-tool under gateway_tools.profile: full', async () => {
    const names = (await full.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(CONTRACT_META_TOOLS.filter((name) => name !== 'gateway.restart_server'));
  });
});
