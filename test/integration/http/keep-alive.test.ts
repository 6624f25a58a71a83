// Behind a balancer that pools connections (nginx `keepalive`), the gateway must not be the side that
// closes an idle connection first: when it closes one just as the balancer sends a request on it, the
// balancer answers 502 and marks the replica failed (found by the replicas proof, issue 19). Node closes
// idle keep-alive connections after 5 s by default; the gateway keeps them longer than nginx's
// upstream keepalive_timeout in deploy/nginx/gatehouse.conf (30 s).
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type Running } from './support';

let gw: Running;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.stop());

function get(agent: Agent, port: number): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket as Socket }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle keep-alive connection open past Node\'s 5 s default', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const port = Number(gw.url.port);
    const first = await get(agent, port);
    let closed = false;
    first.socket.once('close', () => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 6500));
    expect(closed).toBe(false);
    const second = await get(agent, port);
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
});
