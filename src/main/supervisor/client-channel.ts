// The client session a downstream call serves, as the supervisor sees it: where a server's requests to
// the client (sampling, elicitation) and its log lines go while it serves that call. The gateway builds
// one per upstream tools/call (gateway/passthrough/upstream-channel.ts); the supervisor only carries it
// with the pending call, so a request from the server can be answered by the session that caused it.

/** A request a server makes of the client: `sampling/createMessage`, `elicitation/create`, ... */
export interface ClientRequest {
  method: string;
  params?: Record<string, unknown>;
}

export interface ClientChannel {
  /**
   * Asks the client on behalf of `server`. Resolves with the client's result; rejects with a ProtocolError
   * carrying the code the server should get (capability missing, refused by policy, client gone).
   * `key`: the server's own name for the request (a 2026-07-28 inputRequests key), kept toward the client.
   */
  ask(server: string, request: ClientRequest, signal: AbortSignal, key?: string): Promise<Record<string, unknown>>;
  /**
   * What `server` may ask this client for, as client capabilities (only what the client declared, Gatehouse
   * relays and policy allows): sent in a 2026-07-28 call's `_meta` so the server knows before asking.
   */
  capabilitiesFor(server: string): Record<string, unknown>;
  /**
   * The lowest log level the client wants while this call runs; null: none. Sent to a 2026-07-28 server
   * in the call's `_meta` (that era has no logging/setLevel: without it the server logs nothing).
   */
  logLevel(): string | null;
  /**
   * Answers a 2026-07-28 client sent with the call's first request, before anything asked (the spec lets a
   * server take them, and ignore keys it does not know): passed on with the first downstream call.
   */
  readonly initialResponses?: Record<string, unknown>;
  /** A log line the server sent while serving the call; dropped when the client does not want that level. */
  log(params: { level: string; logger?: string; data?: unknown }): void;
}
