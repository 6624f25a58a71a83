// Per-session SSE event store: lets a handshake-era client that lost a stream resume it with GET and
// `Last-Event-ID` (contract §8, GET /mcp) — including the answer to a tool call whose POST stream
// dropped. Bounded by count and bytes; one store per session, so no client can replay another's events.
import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

export const MAX_STORED_EVENTS = 256;
export const MAX_STORED_BYTES = 4 * 1024 * 1024;

interface StoredEvent {
  id: string;
  streamId: string;
  message: JSONRPCMessage;
  bytes: number;
}

export class SessionEventStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  private readonly byId = new Map<string, StoredEvent>();
  private bytes = 0;
  private seq = 0;

  constructor(
    private readonly maxEvents = MAX_STORED_EVENTS,
    private readonly maxBytes = MAX_STORED_BYTES,
  ) {}

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    this.seq += 1;
    const event: StoredEvent = { id: String(this.seq), streamId, message, bytes: JSON.stringify(message).length };
    this.events.push(event);
    this.byId.set(event.id, event);
    this.bytes += event.bytes;
    while (this.events.length > this.maxEvents || (this.bytes > this.maxBytes && this.events.length > 1)) {
      const oldest = this.events.shift();
      if (!oldest) break;
      this.byId.delete(oldest.id);
      this.bytes -= oldest.bytes;
    }
    return event.id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.byId.get(eventId)?.streamId;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const last = this.byId.get(lastEventId);
    if (!last) throw new Error('unknown event id');
    for (const event of this.events) {
      // Priming events store `{}`: a position marker, not a message to send again.
      if (event.streamId !== last.streamId || Number(event.id) <= Number(last.id) || !('jsonrpc' in event.message)) continue;
      await send(event.id, event.message);
    }
    return last.streamId;
  }
}
