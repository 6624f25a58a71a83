// What deserves a native notification, as plain data: a server entering a crash loop, a server that
// needs a credential, a provisioning job that ended. Only transitions count — a snapshot that repeats a
// known state says nothing new — so the operator hears about each event once. notifier.ts shows them.
import type { HealthRow, HealthSnapshot } from '../../shared/domain';
import type { EventPayload } from '../../shared/ipc';

export interface Notice {
  /** Same key, same event: the notifier replaces rather than stacks (and tests can name it). */
  key: string;
  title: string;
  body: string;
}

function crashLoop(row: HealthRow): Notice {
  const exit = row.last_exit_code !== null ? `exit code ${row.last_exit_code}` : row.last_exit_signal ? `signal ${row.last_exit_signal}` : null;
  return {
    key: `crash_loop:${row.name}`,
    title: `${row.name} keeps crashing`,
    body: `${row.name} crashed ${row.restart_count + 1} times${exit ? ` (last: ${exit})` : ''}; Gatehouse stopped restarting it. Open Gatehouse to read its log and retry.`,
  };
}

function authRequired(row: HealthRow): Notice {
  const names = row.missing_env_vars;
  return {
    key: `auth_required:${row.name}`,
    title: `${row.name} needs a credential`,
    body: names.length
      ? `Set ${names.join(', ')} in Gatehouse (Secrets), then start ${row.name} again.`
      : `${row.name} refused the connection for lack of authorization. Open Gatehouse to connect it.`,
  };
}

/** Rows that entered crash_loop or auth_required since `previous` (every such row when there is none). */
export function healthNotices(previous: HealthSnapshot | null, next: HealthSnapshot): Notice[] {
  const before = new Map((previous?.rows ?? []).map((row) => [row.name, row.status]));
  const notices: Notice[] = [];
  for (const row of next.rows) {
    if (before.get(row.name) === row.status) continue;
    if (row.status === 'crash_loop') notices.push(crashLoop(row));
    else if (row.status === 'auth_required') notices.push(authRequired(row));
  }
  return notices;
}

export function provisioningNotice(done: EventPayload<'provisioningFinished'>): Notice {
  const ok = done.status === 'complete';
  return {
    key: `provisioning:${done.server}`,
    title: ok ? `${done.server} is ready` : `${done.server} could not be installed`,
    body: done.message,
  };
}
