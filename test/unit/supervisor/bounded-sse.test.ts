// An SSE stream that never names its message endpoint fails the start after the bound (E202-shaped
// "timed out"), and the stream is closed, instead of holding the connect forever.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { BoundedSSEClientTransport } from '../../../src/main/supervisor/bounded-sse';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** A server whose GET opens an event stream with only a comment; reports when the client hangs up. */
async function silentStream(): Promise<{ url: URL; hungUp: Promise<void> }> {
  let hangUp: () => void = () => undefined;
  const hungUp = new Promise<void>((resolve) => (hangUp = resolve));
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': nothing to say\n\n');
    req.on('close', hangUp);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`), hungUp };
}

it('gives up on a stream without an endpoint event and closes it', async () => {
  const { url, hungUp } = await silentStream();
  const transport = new BoundedSSEClientTransport(url, {}, 300);
  const started = Date.now();
  await expect(transport.start()).rejects.toThrow(/named no message endpoint within 300 ms \(timed out\)/);
  expect(Date.now() - started).toBeLessThan(5_000);
  await hungUp;
});
