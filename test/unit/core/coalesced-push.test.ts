import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { coalescedPush } from '../../../src/main/core/coalesced-push';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('pushes a burst of changes once', () => {
  const push = vi.fn();
  const pusher = coalescedPush(push, () => false, 1000);
  for (let i = 0; i < 5; i++) pusher.changed();
  expect(push).not.toHaveBeenCalled();
  vi.advanceTimersByTime(60);
  expect(push).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(5000);
  expect(push).toHaveBeenCalledTimes(1);
});

it('keeps pushing every tick while busy, and stops once it settles', () => {
  const push = vi.fn();
  let busy = true;
  const pusher = coalescedPush(push, () => busy, 1000);
  pusher.changed();
  vi.advanceTimersByTime(60);
  vi.advanceTimersByTime(3000);
  const whileBusy = push.mock.calls.length;
  expect(whileBusy).toBeGreaterThanOrEqual(3);
  busy = false;
  vi.advanceTimersByTime(1100);
  const settled = push.mock.calls.length;
  vi.advanceTimersByTime(5000);
  expect(push.mock.calls.length).toBe(settled);
  pusher.stop();
});

it('stop ends the ticking', () => {
  const push = vi.fn();
  const pusher = coalescedPush(push, () => true, 1000);
  pusher.changed();
  vi.advanceTimersByTime(60);
  pusher.stop();
  const before = push.mock.calls.length;
  vi.advanceTimersByTime(5000);
  expect(push.mock.calls.length).toBe(before);
});
