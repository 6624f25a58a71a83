import { describe, expect, it } from 'vitest';
import { FINISHED_TTL_MS, JobRegistry, MAX_FINISHED } from '../../../src/main/discovery/jobs';
import { checkRegistryUrl } from '../../../src/main/discovery/public-url';
import { parseRegistryServers } from '../../../src/main/discovery/registry-parse';

describe('install jobs', () => {
  it('finalises once and prunes finished jobs after an hour, keeping at most 50', () => {
    let now = 0;
    const jobs = new JobRegistry(() => now);
    const first = jobs.create('a');
    expect(first.job_id).toMatch(/^[0-9a-f]{8}$/);
    jobs.finish(first, 'timeout', { message: 't' });
    jobs.finish(first, 'complete', { message: 'late' });
    expect(first.status).toBe('timeout');
    for (let i = 0; i < MAX_FINISHED + 10; i++) jobs.finish(jobs.create(`s${i}`), 'complete', { message: 'ok' });
    const running = jobs.create('still-running');
    jobs.prune();
    expect(jobs.size()).toBe(MAX_FINISHED + 1);
    now += FINISHED_TTL_MS + 1;
    expect(jobs.get(first.job_id)).toBeUndefined();
    expect(jobs.get(running.job_id)).toBe(running);
    expect(jobs.size()).toBe(1);
  });
});

describe('registry URLs and answers', () => {
  it('allows public https only, loopback only with the flag', async () => {
    expect(await checkRegistryUrl('http://127.0.0.1:1', false)).toMatchObject({ ok: false });
    expect(await checkRegistryUrl('http://127.0.0.1:1', true)).toMatchObject({ ok: true });
    expect(await checkRegistryUrl('https://10.0.0.1', true)).toMatchObject({ ok: false });
    expect(await checkRegistryUrl('https://[::1]', false)).toMatchObject({ ok: false });
    expect(await checkRegistryUrl('http://93.184.216.34', false)).toMatchObject({ ok: false });
    expect(await checkRegistryUrl('https://user:pw@93.184.216.34', false)).toMatchObject({ ok: false });
    expect(await checkRegistryUrl('https://93.184.216.34', false)).toMatchObject({ ok: true });
  });

  it('keeps latest versions and strips URL queries', () => {
    const results = parseRegistryServers({
      servers: [
        { server: { name: 'a', version: '2.0.0', packages: [{ registryType: 'pypi', identifier: 'a-mcp', version: '2.0.0' }] }, _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: true, status: 'active' } } },
        { server: { name: 'a', version: '1.0.0' }, _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: false } } },
        { server: { name: 'b', remotes: [{ type: 'sse', url: 'https://h.example/sse?key=s3cret' }] } },
      ],
    });
    expect(results.map((r) => [r.name, r.package, r.url])).toEqual([['a', 'pypi:a-mcp@2.0.0', null], ['b', null, 'https://h.example/sse']]);
  });
});
