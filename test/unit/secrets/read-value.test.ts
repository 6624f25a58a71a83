import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SecretsError } from '../../../src/main/secrets/errors';
import { readSecretValue, type ValueInput } from '../../../src/main/secrets/read-value';

/** A stream that says it is a terminal and records raw-mode switches, as process.stdin on a TTY does. */
function terminal(): PassThrough & ValueInput & { modes: boolean[] } {
  const stream = new PassThrough() as PassThrough & ValueInput & { modes: boolean[] };
  stream.isTTY = true;
  stream.modes = [];
  stream.setRawMode = (mode: boolean) => stream.modes.push(mode);
  return stream;
}

describe('readSecretValue', () => {
  it('takes piped input up to EOF minus one trailing line break', async () => {
    expect(await readSecretValue(Readable.from(['piped-', 'value\n']), () => undefined, 'X')).toBe('piped-value');
    expect(await readSecretValue(Readable.from(['crlf-value\r\n']), () => undefined, 'X')).toBe('crlf-value');
    // A second line stays, so the value check refuses it rather than silently storing half.
    expect(await readSecretValue(Readable.from(['one\ntwo\n']), () => undefined, 'X')).toBe('one\ntwo');
  });

  it('prompts on a terminal in raw mode, echoes nothing, and handles backspace and Ctrl-U', async () => {
    const stdin = terminal();
    const shown: string[] = [];
    const pending = readSecretValue(stdin, (text) => shown.push(text), 'API_TOKEN');
    stdin.write('wrong\x15sec');
    stdin.write('rex\x7ft-value\r');
    expect(await pending).toBe('secret-value');
    expect(stdin.modes).toEqual([true, false]);
    expect(shown.join('')).toBe('Value for API_TOKEN (input hidden): \n');
  });

  it('cancels on Ctrl-C and on Ctrl-D with nothing typed', async () => {
    for (const key of ['abc\x03', '\x04']) {
      const stdin = terminal();
      const pending = readSecretValue(stdin, () => undefined, 'API_TOKEN');
      stdin.write(key);
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SecretsError);
      expect((error as SecretsError).code).toBe('cancelled');
      expect(stdin.modes).toEqual([true, false]);
    }
  });
});
