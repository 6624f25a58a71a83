import * as z from 'zod';
import type { HealthRow } from '../../../shared/domain';
import { GATEHOUSE_VERSION } from '../../core/version';
import { jsonResult } from '../envelope';
import { defineMetaTool } from '../meta-tool';

/** The contract's status words for the supervisor's states (PMCP-compatible). */
const STATUS: Record<HealthRow['status'], string> = {
  lazy: 'lazy',
  starting: 'connecting',
  online: 'online',
  error: 'error',
  stopped: 'offline',
};

export const health = defineMetaTool({
  name: 'gateway.health',
  title: 'Gateway health',
  description: 'Status of the gateway and of every configured server: state, tool count, pid, last error.',
  annotations: { readOnlyHint: true },
  input: z.object({ verbose: z.boolean().default(false) }),
  async run(args, gateway) {
    const revision = gateway.revision();
    const servers = gateway.supervisor.all().map((handle) => {
      const row = handle.row();
      return {
        name: row.name,
        status: STATUS[row.status],
        tool_count: row.tool_count,
        protocol_version: row.protocol_version,
        error: row.status === 'error' ? row.last_error : null,
        startup_policy: row.startup_policy,
        startup_source: row.source,
        source_path: row.source_path,
        transport: row.transport,
        pid: row.pid,
        stderr_tail: args.verbose ? handle.stderr.tail(10) : null,
      };
    });
    const issues = gateway.configIssues();
    return jsonResult({
      revision_id: revision.id,
      servers,
      last_refresh_ts: revision.refreshedAt,
      gateway_diagnostics: {
        version: GATEHOUSE_VERSION,
        transport: gateway.transport,
        audit_enabled: false,
        config_issues: issues.length ? issues : null,
      },
      audit_events: [],
    });
  },
});
