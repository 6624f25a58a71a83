// Stands in for the preload + ipcMain pair: the page calls the real core through a Playwright binding
// and receives the core's pushed events, with the same channel map and validation main applies.
import type { Page } from 'playwright-core';
import type { GatehouseEvents } from '../../../src/main/core/events';
import {
  channelNames,
  channels,
  eventNames,
  events,
  type ChannelName,
  type GatehouseApi,
  type Unsubscribe,
} from '../../../src/shared/ipc';

export interface BridgeTarget {
  api: GatehouseApi;
  events: GatehouseEvents;
}

export interface InstalledBridge {
  /** Every channel call the page made, in order: lets a test prove state was pushed, not polled. */
  calls: ChannelName[];
  /** Failures delivering events or serving calls; a healthy run has none. */
  failures: string[];
  /**
   * Everything main handed the page, as JSON text: channel answers, the messages of rejected calls and
   * pushed events. A test can prove a value never crossed from main to the renderer (ARCHITECTURE.md rule 3).
   */
  toPage: string[];
  /** Starts pushing core events into the page; call after navigation so the dispatcher exists. */
  forwardEvents: () => void;
  dispose: Unsubscribe;
}

// Kept as source text, not a function: Playwright would stringify a function, and a transpiler
// helper injected into it (e.g. esbuild's __name) would not exist inside the page.
function initScript(channelList: readonly string[], eventList: readonly string[]): string {
  return `(() => {
  const listeners = new Map(${JSON.stringify(eventList)}.map((name) => [name, new Set()]));
  const bridge = { on: {} };
  for (const name of ${JSON.stringify(channelList)}) {
    bridge[name] = (input) => window.__gatehouseInvoke(name, input);
  }
  for (const [name, set] of listeners) {
    bridge.on[name] = (listener) => {
      set.add(listener);
      return () => { set.delete(listener); };
    };
  }
  Object.defineProperty(window, 'gatehouse', { value: Object.freeze(bridge) });
  Object.defineProperty(window, '__gatehouseDispatch', {
    value: (name, payload) => { for (const listener of listeners.get(name) ?? []) listener(payload); },
  });
})();`;
}

function isChannel(name: unknown): name is ChannelName {
  return typeof name === 'string' && (channelNames as string[]).includes(name);
}

async function invoke(api: GatehouseApi, name: ChannelName, input: unknown): Promise<unknown> {
  // Same contract main enforces: unknown channels and malformed payloads never reach the core.
  const parsedInput = channels[name].input.parse(input);
  const method = api[name] as (input: unknown) => Promise<unknown>;
  return channels[name].output.parse(await method(parsedInput));
}

export async function installBridge(page: Page, target: BridgeTarget): Promise<InstalledBridge> {
  const calls: ChannelName[] = [];
  const failures: string[] = [];
  const toPage: string[] = [];
  const offs: Unsubscribe[] = [];

  await page.exposeBinding('__gatehouseInvoke', async (_source, name: unknown, input: unknown) => {
    if (!isChannel(name)) {
      failures.push(`page called unknown channel ${String(name)}`);
      throw new Error(`unknown channel ${String(name)}`);
    }
    calls.push(name);
    try {
      const output = await invoke(target.api, name, input);
      toPage.push(JSON.stringify(output));
      return output;
    } catch (error) {
      // Playwright hands the error's message (and stack) to the page, so it counts as crossing too.
      const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
      toPage.push(JSON.stringify(text));
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  });
  await page.addInitScript({ content: initScript(channelNames, eventNames) });

  return {
    calls,
    failures,
    toPage,
    forwardEvents: () => {
      for (const name of eventNames) {
        offs.push(
          target.events.on(name, (payload: unknown) => {
            const parsed = events[name].safeParse(payload);
            if (!parsed.success) {
              failures.push(`push ${name}: payload breaks the contract: ${parsed.error.message}`);
              return;
            }
            // JSON text is a valid JS literal, so the payload crosses as real cloneable data.
            const expression = `window.__gatehouseDispatch(${JSON.stringify(name)}, ${JSON.stringify(payload)})`;
            toPage.push(expression);
            page.evaluate(expression).catch((error: unknown) => {
              if (!page.isClosed()) failures.push(`push ${name}: ${String(error)}`);
            });
          }),
        );
      }
    },
    dispose: () => {
      for (const off of offs.splice(0)) off();
    },
  };
}
