// Registers one handler per channel in src/shared/ipc.ts and forwards every core event to the window.
// Nothing here is written per channel: a new entry in the map is served, validated and typed as-is.
import type * as z from 'zod';
import {
  channelNames,
  channels,
  eventNames,
  events as eventSchemas,
  ipcChannel,
  ipcEvent,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type EventName,
  type GatehouseApi,
} from '../../shared/ipc';
import type { GatehouseEvents } from '../core/events';

/** What a handler needs to know about the caller; Electron's IpcMainInvokeEvent satisfies it. */
export interface InvokeEvent {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

/** The slice of ipcMain used here, so registration can be exercised without Electron. */
export interface HandlerRegistrar {
  handle(channel: string, handler: (event: InvokeEvent, input: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export type SenderCheck = (event: InvokeEvent) => boolean;

export type IpcRejectionCode = 'IPC_FORBIDDEN_SENDER' | 'IPC_INVALID_INPUT' | 'IPC_INVALID_OUTPUT';

/** Only the message crosses IPC, so the code is also written into it for the renderer to read. */
export class IpcRejection extends Error {
  constructor(readonly code: IpcRejectionCode, readonly channel: ChannelName, detail: string) {
    super(`[${code}] ${channel}: ${detail}`);
    this.name = 'IpcRejection';
  }
}

/**
 * Accepts only the top frame of the panel's current window showing the panel's own page: an iframe, a
 * second window or a page that somehow navigated elsewhere gets no access to the core.
 */
export function makeSenderCheck(currentContentsId: () => number | null, isAppUrl: (url: string) => boolean): SenderCheck {
  return (event) => {
    const frame = event.senderFrame;
    const expected = currentContentsId();
    return expected !== null && event.sender.id === expected && frame !== null && frame.parent === null && isAppUrl(frame.url);
  };
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)'}: ${issue.message}`)
    .join('; ');
}

// Re-typing the map per key lets TypeScript correlate a generic channel's schemas with its API method
// (the plain `channels[name]` would widen to a union of every channel's schemas).
type SchemasByChannel = { [C in ChannelName]: { input: z.ZodType<ChannelInput<C>>; output: z.ZodType<ChannelOutput<C>> } };
const schemasByChannel: SchemasByChannel = channels;

export type ChannelHandler = (event: InvokeEvent, input: unknown) => Promise<unknown>;

export function makeChannelHandler<C extends ChannelName>(
  name: C,
  api: GatehouseApi,
  isTrustedSender: SenderCheck,
  log: (line: string) => void,
): ChannelHandler {
  const inputSchema = schemasByChannel[name].input;
  const outputSchema = schemasByChannel[name].output;
  return async (event, rawInput) => {
    if (!isTrustedSender(event)) {
      log(`gatehouse: refused ${name} from ${event.senderFrame?.url ?? 'an unknown frame'}`);
      throw new IpcRejection('IPC_FORBIDDEN_SENDER', name, 'the request did not come from the Gatehouse window');
    }
    const input = inputSchema.safeParse(rawInput);
    if (!input.success) {
      throw new IpcRejection('IPC_INVALID_INPUT', name, `invalid input: ${describeIssues(input.error)}`);
    }
    const method: GatehouseApi[C] = api[name];
    const output = outputSchema.safeParse(await method(input.data));
    if (!output.success) {
      // A core bug, not a user mistake: the detail goes to the log, the renderer gets a stable code.
      log(`gatehouse: ${name} returned output that breaks its schema: ${describeIssues(output.error)}`);
      throw new IpcRejection('IPC_INVALID_OUTPUT', name, 'Gatehouse produced an invalid response; see the log');
    }
    return output.data;
  };
}

/** Registers every channel; returns the channel strings registered and a function that removes them. */
export function registerChannelHandlers(
  registrar: HandlerRegistrar,
  api: GatehouseApi,
  isTrustedSender: SenderCheck,
  log: (line: string) => void = () => {},
): { channels: string[]; unregister: () => void } {
  const registered = channelNames.map((name) => {
    const channel = ipcChannel(name);
    registrar.handle(channel, makeChannelHandler(name, api, isTrustedSender, log));
    return channel;
  });
  return {
    channels: registered,
    unregister: () => {
      for (const channel of registered) registrar.removeHandler(channel);
    },
  };
}

/** Pushes every core event to the window after checking it against the contract; returns unsubscribe. */
export function forwardEvents(
  events: Pick<GatehouseEvents, 'on'>,
  send: (channel: string, payload: unknown) => void,
  log: (line: string) => void = () => {},
): () => void {
  const unsubscribers = eventNames.map((name) => forwardOne(name, events, send, log));
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

function forwardOne<E extends EventName>(
  name: E,
  events: Pick<GatehouseEvents, 'on'>,
  send: (channel: string, payload: unknown) => void,
  log: (line: string) => void,
): () => void {
  return events.on(name, (payload) => {
    const checked = eventSchemas[name].safeParse(payload);
    if (!checked.success) {
      log(`gatehouse: dropped ${name} event that breaks its schema: ${describeIssues(checked.error)}`);
      return;
    }
    send(ipcEvent(name), checked.data);
  });
}
