// One resource subscription held at a downstream server, in the era of its connection: a 2025-11-25
// session subscribes with resources/subscribe; a 2026-07-28 connection has no such method and opens a
// subscriptions/listen stream naming the URI instead (the SDK delivers its notifications/resources/updated
// to the same notification handler). Either way Gatehouse holds one per (server, URI).
import type { Client } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/server';

const METHOD_NOT_FOUND = -32601;

export interface DownstreamSubscription {
  close(): Promise<void>;
}

export async function openDownstream(client: Client, uri: string): Promise<DownstreamSubscription> {
  if (client.getProtocolEra() !== 'modern') {
    await client.subscribeResource({ uri });
    return { close: async () => void (await client.unsubscribeResource({ uri })) };
  }
  const listening = await client.listen({ resourceSubscriptions: [uri] });
  // The server acknowledges the part of the filter it honours: a URI left out gets no updates.
  if (!listening.honoredFilter.resourceSubscriptions?.includes(uri)) {
    await listening.close();
    throw new ProtocolError(METHOD_NOT_FOUND, `the server did not accept a subscription to ${uri} (its subscriptions/listen acknowledgement left it out)`);
  }
  return { close: () => listening.close() };
}
