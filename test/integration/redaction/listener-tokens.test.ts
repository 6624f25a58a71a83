// The HTTP listener's own credentials are secrets the core must scrub too: a shared-secret token that a
// downstream tool echoes back never reaches a client in clear (the core's pipeline is told the listener's
// tokens when it starts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callMeta } from '../../helpers/meta';
import { everythingServer } from '../../helpers/workspace';
import { connectClient, startGateway, type Running } from '../http/support';

const TOKEN = `tok-${'a1B2'.repeat(8)}`;
let running: Running;

beforeAll(async () => {
  running = await startGateway(
    { auth: { mode: 'shared-secret', tokens: [{ principal: 'alice', token: TOKEN }] } },
    { coreWiring: true, servers: { everything: everythingServer() } },
  );
});
afterAll(async () => running?.stop());

it("scrubs the listener's own token from what a tool echoes back", async () => {
  const { client } = await connectClient(running.url, 'handshake', TOKEN);
  try {
    const { body } = await callMeta(client, 'gateway.invoke', { tool_id: 'everything::echo', arguments: { message: `the token is ${TOKEN}` } });
    expect(body.ok).toBe(true);
    expect(JSON.stringify(body)).toContain('the token is [REDACTED]');
    expect(JSON.stringify(body)).not.toContain(TOKEN);
  } finally {
    await client.close();
  }
});
