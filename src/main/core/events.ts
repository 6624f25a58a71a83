// A typed event stream for the core's pushed state. The tray, window, CLI and tests subscribe here;
// the core never imports any of them.
import { EventEmitter } from 'node:events';
import type { EventName, EventPayload, Unsubscribe } from '../../shared/ipc';

export interface GatehouseEvents {
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): Unsubscribe;
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
}

export function createEvents(): GatehouseEvents {
  const emitter = new EventEmitter();
  // Many windows, sessions and tests may listen at once; a leak warning here would be noise.
  emitter.setMaxListeners(0);
  return {
    on(name, listener) {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
    emit(name, payload) {
      emitter.emit(name, payload);
    },
  };
}
