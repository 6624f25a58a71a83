// gateway.provision_status (contract §2.5): polls an install job.
import * as z from 'zod';
import { GatewayError } from '../../../common/errors';
import { errorEntry, jsonResult } from '../../envelope';
import { discoveryTool } from './discovery-tool';

export const createProvisionStatusTool = discoveryTool('gateway.provision_status', 'Install job status', {
  description: 'Poll an install job started by gateway.provision: status (pending, installing, server_ready, complete, failed, timeout), progress, and its stages (download, install, start, tools). A failure keeps the installer\'s last lines in output_tail.',
  annotations: { readOnlyHint: true },
  input: z.object({ job_id: z.string().min(1).describe('The 8-hex job_id gateway.provision returned.') }),
  async run(state, { job_id }, gateway) {
    const job = state.jobs.get(job_id);
    if (!job) {
      return jsonResult({
        job_id,
        status: 'not_found',
        progress: 0,
        message: `Job '${job_id.slice(0, 16)}' not found (finished jobs are kept for 1 hour).`,
        output_tail: [],
        new_tools: [],
        error: errorEntry(new GatewayError('E505', 'job not found', { job_id: job_id.slice(0, 16) }, 'call gateway.provision again')),
      });
    }
    const end = job.finished_at ?? Date.now();
    return jsonResult(gateway.redact({
      job_id: job.job_id,
      server: job.server,
      status: job.status,
      progress: job.progress,
      message: job.message,
      // Gatehouse addition: where the job is (download, install, start, tools) and what each stage found.
      stage: job.stage,
      stages: job.stages.map(({ name, state, detail }) => ({ name, state, detail })),
      package: job.package,
      version: job.version,
      output_tail: job.output_tail.slice(-5),
      elapsed_seconds: Math.round((end - job.started_at) / 100) / 10,
      new_tools: job.new_tools,
      error: job.error ? errorEntry(new GatewayError(job.error.code, job.error.message, { server: job.server }, job.error.suggestion, job.error.retryable)) : null,
    }));
  },
});
