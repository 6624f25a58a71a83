import { describe, expect, it, vi } from 'vitest';
import { JobRegistry } from '../../../src/main/discovery/jobs';

describe('JobRegistry.onFinished', () => {
  it('tells each listener once when a job ends, never for progress, and stops after unsubscribe', () => {
    const jobs = new JobRegistry();
    const listener = vi.fn();
    const unsubscribe = jobs.onFinished(listener);
    const job = jobs.create('files');
    jobs.update(job, { status: 'installing', progress: 10 });
    expect(listener).not.toHaveBeenCalled();
    jobs.finish(job, 'complete', { message: "Server 'files' is ready with 3 tool(s)." });
    jobs.finish(job, 'failed', { message: 'a late exit after the end' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ server: 'files', status: 'complete', message: "Server 'files' is ready with 3 tool(s)." }));
    unsubscribe();
    jobs.finish(jobs.create('git'), 'timeout', { message: 'no output' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
