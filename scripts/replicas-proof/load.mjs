// The clients of the replicas proof: official SDK clients in both protocol eras, calling a ledger tool
// through the balancer (each call with its own id), starting tasks and polling them, and measuring
// throughput. They never retry a call whose answer was lost: a new attempt gets a new id, so the ledger
// can show that no completed call ran twice or not at all.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function connect(url, era) {
  for (let attempt = 0; ; attempt++) {
    const transport = new StreamableHTTPClientTransport(new URL(url));
    const client = new Client({ name: `replicas-proof-${era}`, version: '1' }, era === 'stateless' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : undefined);
    try {
      await client.connect(transport);
      // A 2026-07-28 client mirrors task_id and cursor into Mcp-Param-* headers for tools it has listed.
      if (era === 'stateless') await client.listTools();
      return { client, transport };
    } catch (error) {
      await client.close().catch(() => undefined);
      if (attempt >= 20) throw error;
      await sleep(200);
    }
  }
}

function statusOf(error) {
  const status = error?.data?.status ?? error?.status;
  if (typeof status === 'number') return status;
  const match = /\b(40\d|50\d)\b/.exec(String(error?.message ?? ''));
  return match ? Number(match[1]) : 0;
}

function answerOf(result) {
  const text = result?.content?.[0]?.type === 'text' ? result.content[0].text : '{}';
  return JSON.parse(text);
}

/**
 * How long a client waits for one call. A 2025-11-25 call answered as an SSE stream whose replica is killed
 * mid-answer is not failed by the SDK client when the stream drops: it waits for its own timeout (seen:
 * 30 s, longer than the quick run, so that session never got to its 404). A legacy client here gives up
 * after 5 s, as an impatient agent would, then gets its 404 and re-initialises; the ledger still shows
 * whether that call ran. Stateless calls keep 30 s: a slow one under load must not count as failed.
 */
const callTimeout = (era) => (era === 'legacy' ? 5_000 : 30_000);

/** One client calling ledger::record in a loop until `until()`; every outcome goes into `stats`. */
export async function caller({ url, era, label, until, stats, workMs = 20 }) {
  let conn = await connect(url, era);
  let n = 0;
  while (Date.now() < until()) {
    if (era === 'legacy') stats.current.set(label, conn.transport.sessionId ?? null);
    const id = `${label}-${n++}`;
    const started = Date.now();
    const session = conn.transport.sessionId ?? null;
    try {
      const body = answerOf(await conn.client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'ledger::record', arguments: { call_id: id, work_ms: workMs } } }, { timeout: callTimeout(era) }));
      const text = body.result?.content?.[0]?.text;
      if (body.ok && text === `recorded ${id}`) stats.completed.push({ id, era, started, ended: Date.now() });
      else if (body.ok) stats.crossed.push({ id, era, text });
      else stats.refused.push({ id, era, started, ended: Date.now(), message: body.errors?.[0]?.message ?? 'not ok' });
    } catch (error) {
      const status = statusOf(error);
      stats.failed.push({ id, era, started, ended: Date.now(), status, session, message: String(error?.message ?? error).slice(0, 200) });
      if (status === 404 && era === 'legacy') {
        // The session's replica is gone: initialize again, as the spec says, and carry on.
        await conn.client.close().catch(() => undefined);
        conn = await connect(url, era);
        stats.reinitialised.push({ label, from: session, to: conn.transport.sessionId ?? null, at: Date.now() });
      } else {
        await sleep(50);
      }
    }
  }
  stats.sessions.push({ label, era, session: conn.transport.sessionId ?? null });
  await conn.client.close().catch(() => undefined);
}

/** One client starting ledger::report tasks and following each to its result until `until()`. */
export async function tasker({ url, era, label, until, stats }) {
  let conn = await connect(url, era);
  let n = 0;
  const call = async (name, args) => answerOf(await conn.client.callTool({ name, arguments: args }, { timeout: callTimeout(era) }));
  while (Date.now() < until()) {
    if (era === 'legacy') stats.current.set(label, conn.transport.sessionId ?? null);
    const topic = `${label}-${n++}`;
    // Read before the calls: the SDK forgets a session id once the server says it is gone.
    const session = conn.transport.sessionId ?? null;
    const record = { topic, era, started: Date.now(), taskId: null, replica: null, outcome: 'unstarted', detail: '' };
    stats.tasks.push(record);
    try {
      const started = await call('gateway.invoke', { tool_id: 'ledger::report', arguments: { topic, ms: 400 }, task: { ttl: 120 } });
      if (!started.ok) {
        record.outcome = 'not_started';
        record.detail = started.errors?.[0]?.message ?? '';
        await sleep(100);
        continue;
      }
      record.taskId = started.task.task_id;
      record.replica = record.taskId.split('~')[0];
      let status = started.task.status;
      for (let polls = 0; status === 'working' && polls < 100; polls++) {
        await sleep(150);
        const got = await call('gateway.tasks_get', { server_name: 'ledger', task_id: record.taskId });
        if (!got.ok) {
          record.outcome = 'not_found';
          record.detail = got.errors?.[0]?.message ?? '';
          break;
        }
        status = got.task.status;
      }
      if (record.outcome === 'not_found') continue;
      const result = await call('gateway.tasks_result', { server_name: 'ledger', task_id: record.taskId });
      const text = result.result?.content?.[0]?.text;
      record.outcome = result.ok && text === `report on ${topic} by ${record.replica}` ? 'found' : 'wrong_result';
      record.detail = text ?? result.errors?.[0]?.message ?? '';
    } catch (error) {
      record.outcome = 'error';
      record.detail = String(error?.message ?? error).slice(0, 200);
      if (statusOf(error) === 404 && era === 'legacy') {
        await conn.client.close().catch(() => undefined);
        conn = await connect(url, era);
        stats.reinitialised.push({ label, from: session, to: conn.transport.sessionId ?? null, at: Date.now() });
      } else {
        await sleep(100);
      }
    } finally {
      record.ended = Date.now();
    }
  }
  await conn.client.close().catch(() => undefined);
}

/** Calls per second through `url` with `concurrency` stateless clients for `seconds`. */
export async function throughput({ url, seconds, concurrency }) {
  const clients = [];
  for (let i = 0; i < concurrency; i++) clients.push(await connect(url, 'stateless'));
  const warm = Date.now() + 1000;
  const end = warm + seconds * 1000;
  let calls = 0;
  let errors = 0;
  const samples = [];
  await Promise.all(clients.map(async ({ client }, i) => {
    for (let n = 0; Date.now() < end; n++) {
      const t0 = performance.now();
      try {
        const body = answerOf(await client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'ledger::record', arguments: { call_id: `tp-${i}-${n}-${Date.now()}` } } }, { timeout: 30_000 }));
        if (Date.now() >= warm) {
          if (body.ok) calls++;
          else errors++;
          samples.push(performance.now() - t0);
        }
      } catch {
        if (Date.now() >= warm) errors++;
      }
    }
  }));
  await Promise.all(clients.map(({ client }) => client.close().catch(() => undefined)));
  samples.sort((a, b) => a - b);
  const pick = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0;
  return { perSecond: calls / seconds, calls, errors, p50: pick(0.5), p99: pick(0.99) };
}
