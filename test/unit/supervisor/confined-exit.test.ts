// A confined server's exit as bubblewrap reports it: its PID-namespace init exits with 128 + N when the
// server died of signal N; the row and the log must still say which signal.
import { describe, expect, it } from 'vitest';
import { serverExit } from '../../../src/main/supervisor/stdio-process';

describe('serverExit', () => {
  it('reads 128 + N as signal N', () => {
    expect(serverExit(143, null)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(serverExit(137, null)).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('keeps plain exit codes, a signal already named, and numbers no signal has', () => {
    expect(serverExit(0, null)).toEqual({ code: 0, signal: null });
    expect(serverExit(3, null)).toEqual({ code: 3, signal: null });
    expect(serverExit(128, null)).toEqual({ code: 128, signal: null });
    expect(serverExit(null, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(serverExit(255, null)).toEqual({ code: 255, signal: null });
  });
});
