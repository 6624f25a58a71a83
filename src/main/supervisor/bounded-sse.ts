// The SDK's SSE client waits for the stream's `endpoint` event without a limit, and the handshake
// timeout covers requests only: a URL that opens an event stream but never names a message endpoint
// (a Streamable HTTP server's GET stream, reached by the legacy fallback) would hold the connect forever.
import { SSEClientTransport, type SSEClientTransportOptions } from '@modelcontextprotocol/client';

export class BoundedSSEClientTransport extends SSEClientTransport {
  constructor(
    url: URL,
    options: SSEClientTransportOptions,
    private readonly startTimeoutMs: number,
  ) {
    super(url, options);
  }

  override async start(): Promise<void> {
    const starting = super.start();
    // Once the deadline wins, a late failure of the abandoned start must not surface as unhandled.
    starting.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the SSE stream named no message endpoint within ${this.startTimeoutMs} ms (timed out)`)), this.startTimeoutMs);
    });
    try {
      await Promise.race([starting, deadline]);
    } catch (error) {
      await this.close().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
