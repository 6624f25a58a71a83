// Meta-tool input (contract §1): schema-invalid input gets plain text `Input validation error: <detail>`
// with isError, and nothing starts; unknown properties are ignored; explicit null means "not given".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectInputValidationError } from './helpers/envelope';
import { faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';

// [tool, arguments, a word the detail must name]. Every core meta-tool that has a field to get wrong.
const INVALID: [string, Record<string, unknown>, string][] = [
  ['gateway.auth_connect', {}, 'server_name'],
  ['gateway.auth_connect', { server_name: 'fault', scope: 'galaxy' }, 'scope'],
  ['gateway.auth_connect', { server_name: 'fault', auth_mode: 'password' }, 'auth_mode'],
  ['gateway.cancel', {}, 'request_id'],
  ['gateway.cancel', { request_id: 'fault::1', force: 'yes' }, 'force'],
  ['gateway.catalog_search', { limit: 0 }, 'limit'],
  ['gateway.catalog_search', { limit: 101 }, 'limit'],
  ['gateway.catalog_search', { limit: 2.5 }, 'limit'],
  ['gateway.catalog_search', { query: 'q'.repeat(1001) }, 'query'],
  ['gateway.catalog_search', { filters: { risk_max: 'extreme' } }, 'risk_max'],
  ['gateway.catalog_search', { filters: { tags: 'git' } }, 'tags'],
  ['gateway.catalog_search', { include_offline: 'yes' }, 'include_offline'],
  ['gateway.config_status', { verbose: 'yes' }, 'verbose'],
  ['gateway.connect_server', {}, 'server_name'],
  ['gateway.connect_server', { server_name: '' }, 'server_name'],
  ['gateway.describe', {}, 'tool_id'],
  ['gateway.describe', { tool_id: 5 }, 'tool_id'],
  ['gateway.describe', { tool_id: 'fault::echo', include_input_schema: 'yes' }, 'include_input_schema'],
  ['gateway.disconnect_server', { server_name: 'fault', force: 1 }, 'force'],
  ['gateway.health', { verbose: 'yes' }, 'verbose'],
  ['gateway.invoke', {}, 'tool_id'],
  ['gateway.invoke', { tool_id: 'fault::echo', arguments: 'message' }, 'arguments'],
  ['gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'x' }, options: { timeout_ms: 999 } }, 'timeout_ms'],
  ['gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'x' }, options: { timeout_ms: 300_001 } }, 'timeout_ms'],
  ['gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'x' }, options: { max_output_chars: 99 } }, 'max_output_chars'],
  ['gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'x' }, options: { max_output_chars: 100_001 } }, 'max_output_chars'],
  ['gateway.list_pending', { server: 5 }, 'server'],
  ['gateway.refresh', { source: 'somewhere' }, 'source'],
  ['gateway.refresh', { force: 'yes' }, 'force'],
  ['gateway.restart_server', {}, 'server_name'],
  ['gateway.set_startup_policy', {}, 'operation'],
  ['gateway.set_startup_policy', { operation: 'merge' }, 'operation'],
  ['gateway.set_startup_policy', { operation: 'add', names: 'fault' }, 'names'],
  ['gateway.set_startup_policy', { operation: 'add', source: 'global' }, 'source'],
  ['gateway.tasks_cancel', { server_name: 'fault' }, 'task_id'],
  ['gateway.tasks_get', { task_id: 't' }, 'server_name'],
  ['gateway.tasks_list', { cursor: 5 }, 'cursor'],
  ['gateway.tasks_result', { server_name: 'fault', task_id: 't', options: { max_output_chars: 5 } }, 'max_output_chars'],
];

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { fault: faultServer() } });
  });
  afterAll(async () => gw?.close());

  it.each(INVALID)('%s %j → Input validation error naming %s', async (tool, args, field) => {
    const text = expectInputValidationError(await gw.call(tool, args));
    expect(text).toContain(field);
  });

  it('starts nothing for invalid input', async () => {
    const health = answerOf<{ servers: { name: string; status: string }[] }>(await gw.call('gateway.health'));
    expect(health.servers.find((s) => s.name === 'fault')?.status).toBe('lazy');
  });

  it.each([
    'gateway.catalog_search',
    'gateway.config_status',
    'gateway.get_startup_policy',
    'gateway.health',
    'gateway.list_pending',
    'gateway.tasks_list',
  ])('%s ignores unknown properties', async (tool) => {
    answerOf(await gw.call(tool, { unexpected_property: true, another: { nested: 1 } }));
  });

  it('treats explicit null as "not given"', async () => {
    const search = answerOf<{ results: unknown[]; total_available: number }>(await gw.call('gateway.catalog_search', { query: null, filters: null }));
    expect(search.results).toEqual([]);
    answerOf(await gw.call('gateway.catalog_search', { filters: { server: null, tags: null, risk_max: null } }));
    expect(answerOf<{ total_pending: number }>(await gw.call('gateway.list_pending', { server: null })).total_pending).toBe(0);
    expect(answerOf<{ ok: boolean }>(await gw.call('gateway.tasks_list', { server_name: null, cursor: null })).ok).toBe(true);
    const invoked = answerOf<{ ok: boolean }>(
      await gw.call('gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'n' }, options: null, task: null }),
    );
    expect(invoked.ok).toBe(true);
    const nested = answerOf<{ ok: boolean }>(
      await gw.call('gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'n' }, options: { max_output_chars: null } }),
    );
    expect(nested.ok).toBe(true);
    // Fields with a default take it when sent as null, at any depth of the gateway's own arguments.
    const limited = answerOf<{ results: unknown[] }>(await gw.call('gateway.catalog_search', { query: 'echo', limit: null, include_offline: null }));
    expect(Array.isArray(limited.results)).toBe(true);
    expect(answerOf<{ ok: boolean; dry_run: boolean }>(await gw.call('gateway.set_startup_policy', { operation: 'add', names: null, dry_run: null, apply: null }))).toMatchObject({ dry_run: true });
    const timed = answerOf<{ ok: boolean }>(await gw.call('gateway.invoke', { tool_id: 'fault::echo', arguments: { message: 'n' }, options: { timeout_ms: null, redact_secrets: null } }));
    expect(timed.ok).toBe(true);
  });
});
