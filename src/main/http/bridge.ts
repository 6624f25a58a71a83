// The thin stdio↔HTTP bridge (contract §7.8): a stdio client attached to the running gateway instead
// of starting a second one. Messages pass through unchanged in both eras; the SDK's streamable HTTP
// client transport does sessions, SSE and the 2026-07-28 headers. When the gateway answers 404 (the
// session expired) the bridge re-initializes with the client's own initialize and retries once, so a
// client idle for an hour is not broken. A gateway that goes away ends the bridge (the client restarts
// us, and we run in-process then). The token goes only to a listener that proved it is the announced
// gateway, re-checked after every pause (state/verified-fetch.ts): a gateway that exits and leaves its
// port to something else gets no credential and no traffic from us.
import type { Readable, Writable } from 'node:stream';
import {
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/client';
import { verifiedFetch, type FetchLike } from '../state/verified-fetch';
import { GuardedStdioTransport } from './guarded-stdio';
import { jsonRpcError, TRANSPORT_REFUSED } from './jsonrpc';
import { redactRecordText } from '../redaction/record-text';
import { projectHeader } from './client-project';

export const REINIT_TIMEOUT_MS = 30_000;

export interface BridgeOptions {
  url: URL;
  /** The bearer token; null: none is sent (a gateway in mode none). */
  token: string | null;
  /**
   * instance.json's per-run token of the gateway at `url`, which its listener must prove it holds before
   * `token` is sent. Defaults to `token` (an attached stdio client bears the instance token itself); an
   * operator's shared secret is never usable as the proof key, so it is never sent without this.
   */
  instanceToken?: string;
  /** The client's own project root: the gateway shows it this project's servers (client-project.ts). */
  project?: string | null;
  log(line: string): void;
  stdin?: Readable;
  stdout?: Writable;
}

export interface Bridge {
  /** Settles when the bridge is over: the client closed stdin, or the gateway went away. */
  done: Promise<'stdin-closed' | 'gateway-lost'>;
  close(): Promise<void>;
}

function relayedError(error: unknown, id: string | number, url: URL): JSONRPCMessage {
  if (error instanceof SdkHttpError) {
    const text = typeof error.data.text === 'string' ? error.data.text : '';
    try {
      const parsed: unknown = JSON.parse(text);
      if (isJSONRPCErrorResponse(parsed as JSONRPCMessage) && (parsed as { id?: unknown }).id === id) return parsed as JSONRPCMessage;
    } catch {
      // Not a JSON-RPC body: describe the HTTP status instead.
    }
    return jsonRpcError(id, TRANSPORT_REFUSED, `the gateway at ${url.origin} answered HTTP ${error.status}`) as JSONRPCMessage;
  }
  return jsonRpcError(id, TRANSPORT_REFUSED, `the gateway at ${url.origin} is unreachable`) as JSONRPCMessage;
}

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const { url, token } = options;
  const secrets = [token, options.instanceToken].filter((s): s is string => Boolean(s));
  const log = (line: string) => options.log(redactRecordText(line, secrets));
  const credentialed: FetchLike | undefined = token
    ? verifiedFetch({
        url,
        instanceToken: options.instanceToken ?? token,
        bearer: token,
        onRefused: (kind, reason) => {
          if (kind === 'impostor') log(`bridge: ${reason}; nothing was sent to it`);
        },
      })
    : undefined;
  const stdio = new GuardedStdioTransport(options.stdin, options.stdout);
  const internal = new Map<string, (message: JSONRPCMessage) => void>();
  let initRequest: JSONRPCRequest | null = null;
  let initialized = false;
  let reinit: Promise<void> | null = null;
  let reinits = 0;
  let finish: (why: 'stdin-closed' | 'gateway-lost') => void = () => undefined;
  const done = new Promise<'stdin-closed' | 'gateway-lost'>((resolve) => {
    finish = resolve;
  });

  const toClient = (message: JSONRPCMessage) => stdio.send(message).catch((error: unknown) => log(`bridge: stdout: ${String(error)}`));

  const newHttp = async (): Promise<StreamableHTTPClientTransport> => {
    const requestInit = options.project ? { headers: projectHeader(options.project) } : undefined;
    const transport = new StreamableHTTPClientTransport(url, { ...(credentialed && { fetch: credentialed }), ...(requestInit && { requestInit }) });
    transport.onmessage = (message) => {
      const id = (message as { id?: unknown }).id;
      if (typeof id === 'string' && internal.has(id)) return internal.get(id)?.(message);
      if (initRequest && isJSONRPCResultResponse(message) && message.id === initRequest.id && typeof message.result.protocolVersion === 'string') {
        transport.setProtocolVersion(message.result.protocolVersion);
      }
      void toClient(message);
    };
    transport.onerror = (error) => log(`bridge: ${error.message}`);
    await transport.start();
    return transport;
  };
  let http = await newHttp();

  const reinitialize = (): Promise<void> => {
    reinit ??= (async () => {
      if (!initRequest) throw new Error('no initialize to replay');
      await http.close().catch(() => undefined);
      http = await newHttp();
      reinits += 1;
      const id = `gatehouse-bridge-reinit-${reinits}`;
      const answer = new Promise<JSONRPCMessage>((resolve, reject) => {
        internal.set(id, resolve);
        setTimeout(() => reject(new Error('the gateway did not answer initialize')), REINIT_TIMEOUT_MS).unref();
      });
      await http.send({ ...initRequest, id });
      const reply = await answer.finally(() => internal.delete(id));
      if (!isJSONRPCResultResponse(reply)) throw new Error('the gateway refused to re-initialize');
      if (typeof reply.result.protocolVersion === 'string') http.setProtocolVersion(reply.result.protocolVersion);
      if (initialized) await http.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      log('bridge: the gateway session had expired; re-initialized');
    })().finally(() => {
      reinit = null;
    });
    return reinit;
  };

  const forward = async (message: JSONRPCMessage, mayRetry: boolean): Promise<void> => {
    if (reinit) await reinit.catch(() => undefined);
    if (isInitializeRequest(message) && isJSONRPCRequest(message)) initRequest = message;
    if ((message as { method?: unknown }).method === 'notifications/initialized') initialized = true;
    try {
      await http.send(message);
    } catch (error) {
      const status = error instanceof SdkHttpError ? error.status : null;
      if (status === 404 && mayRetry && initRequest && !isInitializeRequest(message)) {
        try {
          await reinitialize();
          return await forward(message, false);
        } catch (reinitError) {
          log(`bridge: re-initialize failed: ${reinitError instanceof Error ? reinitError.message : String(reinitError)}`);
        }
      }
      if (isJSONRPCRequest(message)) await toClient(relayedError(error, message.id, url));
      if (status === null) {
        log(`bridge: the gateway at ${url.origin} is unreachable; stopping so the client can restart gatehouse`);
        finish('gateway-lost');
      }
    }
  };

  stdio.onmessage = (message) => void forward(message, true);
  stdio.onerror = (error) => log(`bridge: stdin: ${error.message}`);
  stdio.onclose = () => {
    // Ending the session cancels whatever this client still had running in the gateway.
    void http
      .terminateSession()
      .catch(() => undefined)
      .finally(() => {
        void http.close().catch(() => undefined);
        finish('stdin-closed');
      });
  };
  await stdio.start();

  return {
    done,
    async close() {
      await stdio.close();
      await http.close().catch(() => undefined);
    },
  };
}
