// A server the policy denies is refused as denied, never as unknown (contract §2.4, §2.6, §5): the
// lifecycle tools answer `Server 'x' is blocked by policy.` with an E401 entry and auth_state
// policy_denied; config_status shows it skipped for policy_denied; the task tools answer ok:false with
// the same literal. A policy that turns invalid on refresh denies every server (E102), and config_status
// still answers, showing policy_error.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors, jsonOf } from './helpers/envelope';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';

const POLICY_FILE = '.config/gatehouse/policy.yaml';
const BLOCKED = "Server 'denied' is blocked by policy.";

interface Entry {
  name: string;
  status: string;
  startup_policy: string;
  startup_skip_reason?: string;
  auth_state: string;
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const body = async <T = Record<string, unknown>>(tool: string, args: Record<string, unknown> = {}) => jsonOf<T & { errors: unknown[] }>(await gw.call(`gateway.${tool}`, args));
  const status = async () => answerOf<{ entries: Entry[]; diagnostics: { code: string }[]; policy_error?: string }>(await gw.call('gateway.config_status'));

  beforeAll(async () => {
    gw = await openGateway(lane, {
      mcpServers: { kit: corpusServer('kit'), denied: corpusServer('kit') },
      homeFiles: { [POLICY_FILE]: 'servers:\n  denylist: ["denied"]\n' },
    });
  });
  afterAll(async () => gw?.close());

  it.each(['connect_server', 'disconnect_server', 'restart_server'])('%s refuses a denied server as denied', async (tool) => {
    const answer = await body<{ ok: boolean; message: string; auth_state?: string; new_status: string }>(tool, { server_name: 'denied' });
    expect(answer).toMatchObject({ ok: false, message: BLOCKED, auth_state: 'policy_denied', new_status: 'offline' });
    expect(decodeErrors(answer.errors)[0]).toMatchObject({ code: 'E401', message: BLOCKED });
  });

  it('config_status: a denied server is skipped for policy_denied', async () => {
    const { entries, policy_error } = await status();
    expect(policy_error).toBeUndefined();
    expect(entries.find((e) => e.name === 'denied')).toMatchObject({
      status: 'offline', startup_policy: 'skipped', startup_skip_reason: 'policy_denied', auth_state: 'policy_denied',
    });
    expect(entries.find((e) => e.name === 'kit')).toMatchObject({ startup_policy: 'lazy', auth_state: 'none' });
  });

  it.each(['tasks_get', 'tasks_cancel', 'tasks_list'])('%s on a denied server: ok:false, blocked by policy', async (tool) => {
    const args = tool === 'tasks_list' ? { server_name: 'denied' } : { server_name: 'denied', task_id: 't-1' };
    const answer = await body<{ ok: boolean; status?: string }>(tool, args);
    expect(answer.ok).toBe(false);
    expect(decodeErrors(answer.errors)[0]).toMatchObject({ code: 'E401', message: BLOCKED });
    if (tool === 'tasks_cancel') expect(answer.status).toBe('policy_denied');
  });

  it('tasks_result on a denied server: ok:false with isError, blocked by policy', async () => {
    const result = await gw.call('gateway.tasks_result', { server_name: 'denied', task_id: 't-1' });
    expect(result.isError).toBe(true);
    expect(decodeErrors(jsonOf<{ errors: unknown[] }>(result).errors)[0]).toMatchObject({ code: 'E401', message: BLOCKED });
  });

  it('an invalid policy after refresh: config_status still answers, with policy_error and every server denied (E102)', async () => {
    writeFileSync(join(gw.workspace.home, POLICY_FILE), 'servers:\n  denlist: ["denied"]\n');
    await gw.call('gateway.refresh');
    const { entries, diagnostics, policy_error } = await status();
    expect(policy_error).toMatch(/^E102 invalid policy: .*policy\.yaml/);
    expect(diagnostics[0]?.code).toBe('policy_error');
    for (const name of ['denied', 'kit']) {
      expect(entries.find((e) => e.name === name)).toMatchObject({ startup_policy: 'skipped', startup_skip_reason: 'policy_denied', auth_state: 'policy_denied' });
    }
  });
});
