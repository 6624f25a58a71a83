import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQuitCoordinator } from '../../../src/main/shell/quit-coordinator';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const quitEvent = () => ({ preventDefault: vi.fn() });

afterEach(() => {
  vi.useRealTimers();
});

describe('createQuitCoordinator', () => {
  it('stops the core once, holds the quit until it has stopped, then lets the second pass through', async () => {
    const stopped = deferred();
    const stop = vi.fn(() => stopped.promise);
    const quit = vi.fn();
    const onBeforeQuit = createQuitCoordinator({ stop, quit, log: vi.fn() });

    const first = quitEvent();
    onBeforeQuit(first);
    const repeated = quitEvent();
    onBeforeQuit(repeated);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(repeated.preventDefault).toHaveBeenCalled();
    await Promise.resolve();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(quit).not.toHaveBeenCalled();

    stopped.resolve();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    const final = quitEvent();
    onBeforeQuit(final);
    expect(final.preventDefault).not.toHaveBeenCalled();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('still quits when stop fails, and logs why', async () => {
    const quit = vi.fn();
    const log = vi.fn();
    const onBeforeQuit = createQuitCoordinator({ stop: () => Promise.reject(new Error('kill failed')), quit, log });
    onBeforeQuit(quitEvent());
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('kill failed'));
  });

  it('quits after the ceiling when stop hangs', async () => {
    vi.useFakeTimers();
    const quit = vi.fn();
    const log = vi.fn();
    const onBeforeQuit = createQuitCoordinator({ stop: () => new Promise<void>(() => {}), quit, log, timeoutMs: 5_000 });
    onBeforeQuit(quitEvent());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(quit).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('5000 ms'));
  });
});
