import { describe, expect, it } from 'vitest';
import { healthNotices, provisioningNotice } from '../../../src/main/shell/notices';
import { row, snapshot } from '../../helpers/health-fixtures';

describe('healthNotices', () => {
  it('tells of a server entering a crash loop once, with its crash count and last exit', () => {
    const before = snapshot(1, [row('git', 'restarting', { restart_count: 3 })]);
    const after = snapshot(2, [row('git', 'crash_loop', { restart_count: 4, last_exit_code: 9, breaker: 'open' })]);
    expect(healthNotices(before, after)).toEqual([
      { key: 'crash_loop:git', title: 'git keeps crashing', body: 'git crashed 5 times (last: exit code 9); Gatehouse stopped restarting it. Open Gatehouse to read its log and retry.' },
    ]);
    expect(healthNotices(after, snapshot(3, after.rows))).toEqual([]);
  });

  it('tells of a server that needs a credential, naming the variables', () => {
    const notices = healthNotices(snapshot(1, [row('gh', 'lazy')]), snapshot(2, [row('gh', 'auth_required', { missing_env_vars: ['GITHUB_TOKEN'] }), row('files', 'online')]));
    expect(notices).toEqual([{ key: 'auth_required:gh', title: 'gh needs a credential', body: 'Set GITHUB_TOKEN in Gatehouse (Secrets), then start gh again.' }]);
  });

  it('counts every such row of the first snapshot as new, and nothing else', () => {
    const first = snapshot(1, [row('a', 'auth_required'), row('b', 'crash_loop', { last_exit_signal: 'SIGSEGV' }), row('c', 'error'), row('d', 'online')]);
    expect(healthNotices(null, first).map((notice) => [notice.key, notice.body])).toEqual([
      ['auth_required:a', 'a refused the connection for lack of authorization. Open Gatehouse to connect it.'],
      ['crash_loop:b', 'b crashed 1 times (last: signal SIGSEGV); Gatehouse stopped restarting it. Open Gatehouse to read its log and retry.'],
    ]);
  });
});

describe('provisioningNotice', () => {
  it('says ready or failed, with the job message', () => {
    expect(provisioningNotice({ server: 'time', status: 'complete', message: "Server 'time' is ready with 2 tool(s)." })).toEqual({ key: 'provisioning:time', title: 'time is ready', body: "Server 'time' is ready with 2 tool(s)." });
    expect(provisioningNotice({ server: 'time', status: 'timeout', message: 'no output for 120 s' }).title).toBe('time could not be installed');
  });
});
