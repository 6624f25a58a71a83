import { describe, expect, it } from 'vitest';
import { deadlineAfter, remainingMs, startOutlastedCaller, waitWithin } from '../../../src/main/supervisor/caller-deadline';

const ends = { expired: () => new Error('expired'), cancelled: () => new Error('cancelled') };
const never = new Promise<string>(() => undefined);

describe('waitWithin', () => {
  it('is the work itself without a deadline', () => {
    const work = Promise.resolve('done');
    expect(waitWithin(work, undefined, ends)).toBe(work);
  });

  it('settles as the work does when the work is first', async () => {
    await expect(waitWithin(Promise.resolve('done'), deadlineAfter(60_000), ends)).resolves.toBe('done');
    await expect(waitWithin(Promise.reject(new Error('failed')), deadlineAfter(60_000), ends)).rejects.toThrow('failed');
  });

  it('gives up with expired() when the deadline passes first, leaving the work to go on', async () => {
    let finish!: (value: string) => void;
    const work = new Promise<string>((resolve) => (finish = resolve));
    await expect(waitWithin(work, deadlineAfter(0), ends)).rejects.toThrow('expired');
    finish('later');
    await expect(work).resolves.toBe('later');
  });

  it('leaves a later failure of the shared work observed (no unhandled rejection)', async () => {
    let fail!: (error: Error) => void;
    const work = new Promise<string>((_, reject) => (fail = reject));
    await expect(waitWithin(work, deadlineAfter(0), ends)).rejects.toThrow('expired');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    fail(new Error('start failed'));
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('gives up with cancelled() when the caller is cancelled, before or while it waits', async () => {
    const before = new AbortController();
    before.abort();
    await expect(waitWithin(never, deadlineAfter(60_000, before.signal), ends)).rejects.toThrow('cancelled');
    const during = new AbortController();
    const waiting = waitWithin(never, deadlineAfter(60_000, during.signal), ends);
    during.abort();
    await expect(waiting).rejects.toThrow('cancelled');
  });
});

describe('deadlines', () => {
  it('count down from when the caller asked, never below zero', () => {
    const deadline = deadlineAfter(5000, undefined, 1_000);
    expect(remainingMs(deadline, 2_000)).toBe(4000);
    expect(remainingMs(deadline, 9_000)).toBe(0);
  });

  it('name the server, the caller\'s timeout, what it did not do in time and the next step (E202, retryable)', () => {
    const error = startOutlastedCaller('mute', 'handshake', deadlineAfter(5000), 5003, 30_000);
    expect(error).toMatchObject({ code: 'E202', retryable: true, details: { server: 'mute', timeout_ms: 5000, phase: 'handshake' } });
    expect(error.message).toBe('server "mute" did not answer initialize within the caller\'s timeout_ms of 5000 ms; its start goes on in the background, bounded by its own 30000 ms connect timeout');
    expect(error.suggestion).toContain('options.timeout_ms');
    expect(startOutlastedCaller('py', 'preparing', deadlineAfter(1000), 1000, 30_000).message).toContain('was still being prepared to start');
    expect(startOutlastedCaller('big', 'listing', deadlineAfter(1000), 1000, 30_000).message).toContain('did not list its tools');
  });
});
