// A child's stderr in the gateway log, bounded: the first lines at once, then a few a minute, and one
// line saying how many were left out.
import { describe, expect, it } from 'vitest';
import { StderrLog } from '../../../src/main/supervisor/stderr-log';

function harness(burst = 3, perMinute = 6) {
  let now = 0;
  const lines: string[] = [];
  const log = new StderrLog('chatty', (line) => lines.push(line), burst, perMinute, () => now);
  return { log, lines, advance: (ms: number) => (now += ms) };
}

describe('StderrLog', () => {
  it('logs the first burst of lines, then counts the rest and says so when lines flow again', () => {
    const { log, lines, advance } = harness();
    for (let i = 1; i <= 5; i++) log.line(`line ${i}`);
    expect(lines).toEqual(['[chatty] stderr: line 1', '[chatty] stderr: line 2', '[chatty] stderr: line 3']);
    advance(10_000); // 6 a minute: one line's worth
    log.line('line 6');
    expect(lines.slice(3)).toEqual([
      '[chatty] stderr: 2 more lines not logged (after the first 3, at most 6 a minute are); gateway.health with verbose=true shows the last 10',
      '[chatty] stderr: line 6',
    ]);
  });

  it('says how many were left out when flushed (a stop, a crash), once', () => {
    const { log, lines } = harness(1);
    log.line('kept');
    log.line('dropped');
    log.flush();
    log.flush();
    expect(lines).toEqual(['[chatty] stderr: kept', '[chatty] stderr: 1 more line not logged (after the first 1, at most 6 a minute are); gateway.health with verbose=true shows the last 10']);
  });

  it('skips blank lines and never holds more than the burst', () => {
    const { log, lines, advance } = harness();
    log.line('   ');
    advance(3_600_000);
    for (let i = 0; i < 10; i++) log.line(`x${i}`);
    expect(lines).toHaveLength(3);
  });
});
