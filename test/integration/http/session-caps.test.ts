// Session caps per principal before the global one (issue 11, item 16): one principal opening thousands
// of sessions is refused past its own cap and never evicts another principal's idle session; when many
// principals fill the gateway, room is made only at the expense of those holding more than their share.
// Real listener, real initialize requests from a light keep-alive raw-HTTP client.
import { Agent, request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SESSIONS, MAX_SESSIONS_PER_PRINCIPAL } from '../../../src/main/http/sessions';
import { newInstanceToken } from '../../../src/main/state/instance-file';
import { INITIALIZE, JSON_HEADERS, openSession, raw, startGateway, type Running } from './support';

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** One initialize over the shared keep-alive agent; the answer read to its end. */
function initialize(port: number, authorization: string | null): Promise<Answer> {
  const body = JSON.stringify(INITIALIZE);
  const headers: Record<string, string> = { ...JSON_HEADERS, host: `127.0.0.1:${port}`, 'content-length': String(Buffer.byteLength(body)) };
  if (authorization) headers.authorization = authorization;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter: res.headers['retry-after'] as string | undefined }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** `count` initializes, `parallel` at a time; the statuses seen, with one refusal kept per status. */
async function flood(port: number, authorization: string | null, count: number, parallel = 8): Promise<{ statuses: Map<number, number>; samples: Map<number, Answer> }> {
  const statuses = new Map<number, number>();
  const samples = new Map<number, Answer>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const answer = await initialize(port, authorization);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (!samples.has(answer.status)) samples.set(answer.status, answer);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { statuses, samples };
}

const toolsList = (port: number, sessionId: string, authorization: string) =>
  raw({ port, method: 'POST', headers: { ...JSON_HEADERS, authorization, 'mcp-session-id': sessionId }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) });

describe('a flood of sessions from one principal', () => {
  const A = 'Bearer alice-token-0123456789';
  const B = 'Bearer bob-token-0123456789ab';
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({ auth: { mode: 'shared-secret', tokens: [{ principal: 'alice', token: 'alice-token-0123456789' }, { principal: 'bob', token: 'bob-token-0123456789ab' }] } });
  });
  afterAll(async () => gw?.stop());

  it('refuses 5,000 initializes past the per-principal cap and leaves an idle session of another principal working', async () => {
    const port = gw.http.port;
    const bobs = await openSession(port, { authorization: B });
    const { statuses, samples } = await flood(port, A, 5_000);
    expect((await toolsList(port, bobs, B)).status).toBe(200);
    expect(gw.http.sessionIdentity(bobs)).toMatchObject({ principal: 'bob' });

    expect(statuses.get(200)).toBe(MAX_SESSIONS_PER_PRINCIPAL);
    expect(statuses.get(429)).toBe(5_000 - MAX_SESSIONS_PER_PRINCIPAL);
    const refusal = samples.get(429)!;
    expect(refusal.retryAfter).toBeDefined();
    expect(JSON.parse(refusal.body)).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: expect.stringContaining('sessions') } });
    // Bob can still open more, and the refusals were logged once, not 4,750 times.
    await openSession(port, { authorization: B });
    expect(gw.logs.filter((l) => l.includes('session cap')).length).toBe(1);
  });
});

describe('the global cap with many principals', () => {
  let gw: Running | undefined;
  afterEach(async () => {
    await gw?.stop();
    gw = undefined;
  });

  it('makes room only from principals over their fair share, never from a light principal\'s idle session', async () => {
    const tokens = ['a1', 'a2', 'a3', 'bob'].map((p) => ({ principal: p, token: `${p}-token-0123456789abcdef` }));
    gw = await startGateway({ auth: { mode: 'shared-secret', tokens }, maxSessions: 20, maxSessionsPerPrincipal: 8 });
    const port = gw.http.port;
    const bob = 'Bearer bob-token-0123456789abcdef';
    const bobs = await openSession(port, { authorization: bob });
    for (const p of ['a1', 'a2', 'a3']) await flood(port, `Bearer ${p}-token-0123456789abcdef`, 50);
    expect(gw.http.sessionCount).toBe(20);
    // Bob's idle session outlived the flood, and bob still gets a new session at the global cap.
    expect((await toolsList(port, bobs, bob)).status).toBe(200);
    const second = await openSession(port, { authorization: bob });
    expect(gw.http.sessionIdentity(second)).toMatchObject({ principal: 'bob' });
    expect(gw.http.sessionIdentity(bobs)).toMatchObject({ principal: 'bob' });
    expect(gw.http.sessionCount).toBe(20);
  });

  it('in mode none keeps the instance token holder apart from anonymous callers', async () => {
    const instanceToken = newInstanceToken();
    gw = await startGateway({ maxSessions: 20, maxSessionsPerPrincipal: 8 }, { instanceToken });
    const port = gw.http.port;
    const local = `Bearer ${instanceToken}`;
    const bridged = await openSession(port, { authorization: local });
    const { statuses } = await flood(port, null, 200);
    expect(statuses.get(200)).toBe(8);
    expect((await toolsList(port, bridged, local)).status).toBe(200);
  });

  it('has defaults: a quarter of the global cap per principal', () => {
    expect(MAX_SESSIONS).toBe(1000);
    expect(MAX_SESSIONS_PER_PRINCIPAL).toBe(250);
  });
});
