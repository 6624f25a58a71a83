// Quitting waits for the core to stop its children (process groups killed, watchers released). Electron
// fires before-quit again after every app.quit(), so the stop must run exactly once and the second pass
// must be let through.

export interface QuitCoordinatorInput {
  stop: () => Promise<void>;
  /** Re-issues the quit once the core has stopped (app.quit in the shell). */
  quit: () => void;
  log: (line: string) => void;
  /** A hung child must not keep the app alive forever; after this the quit goes ahead anyway. */
  timeoutMs?: number;
}

export type BeforeQuitHandler = (event: { preventDefault(): void }) => void;

export function createQuitCoordinator({ stop, quit, log, timeoutMs = 10_000 }: QuitCoordinatorInput): BeforeQuitHandler {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  return (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ceiling = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log(`gatehouse: stopping took longer than ${timeoutMs} ms; quitting anyway`);
        resolve();
      }, timeoutMs);
    });
    const stopping = Promise.resolve()
      .then(stop)
      .catch((error: unknown) => log(`gatehouse: stop failed while quitting: ${String(error)}`));
    void Promise.race([stopping, ceiling]).then(() => {
      clearTimeout(timer);
      state = 'stopped';
      quit();
    });
  };
}
