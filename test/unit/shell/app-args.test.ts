import { describe, expect, it } from 'vitest';
import { parseAppArgs } from '../../../src/main/shell/app-args';

describe('parseAppArgs', () => {
  it('picks --hidden and --port out of an argv Electron and Chromium added to', () => {
    expect(parseAppArgs(['/opt/gatehouse', '--no-sandbox', '--hidden', '--port', '4455'])).toEqual({ hidden: true, port: 4455, problem: null });
    expect(parseAppArgs(['/opt/gatehouse', '--port=0'])).toEqual({ hidden: false, port: 0, problem: null });
    expect(parseAppArgs(['/opt/gatehouse'])).toEqual({ hidden: false, port: undefined, problem: null });
  });

  it('ignores a bad --port with a message naming it', () => {
    for (const bad of [['--port', '70000'], ['--port=abc'], ['--port'], ['--port', '-1']]) {
      const parsed = parseAppArgs(['/opt/gatehouse', ...bad]);
      expect(parsed.port).toBeUndefined();
      expect(parsed.problem).toMatch(/^--port must be a number from 0 to 65535, not ".*"; using settings.json or 3344$/);
    }
  });
});
