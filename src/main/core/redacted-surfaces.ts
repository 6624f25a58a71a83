// The control panel's side of the redaction choke point: every answer of the core's API and every event
// it pushes passes the pipeline before it can reach the renderer, the tray or the CLI, whatever produced
// it (health rows with a child's stderr, a trust review's command lines, log lines).
import type { EventName, EventPayload, GatehouseApi } from '../../shared/ipc';
import type { Redaction } from '../redaction/pipeline';
import type { GatehouseEvents } from './events';

export function redactedApi(redaction: Redaction, api: GatehouseApi): GatehouseApi {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(api) as [string, (input: unknown) => Promise<unknown>][]) {
    wrapped[name] = async (input: unknown) => redaction.value(await method(input));
  }
  // Same keys, same signatures: only the answers are rewritten.
  return wrapped as unknown as GatehouseApi;
}

export function redactedEvents(events: GatehouseEvents, redaction: Redaction): GatehouseEvents {
  return {
    on: (name, listener) => events.on(name, listener),
    emit<E extends EventName>(name: E, payload: EventPayload<E>) {
      events.emit(name, redaction.value(payload));
    },
  };
}
