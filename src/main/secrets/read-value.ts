// Reads a secret value for `gatehouse secrets set` without it ever being echoed: from piped stdin, or
// from a hidden prompt on a terminal (raw mode, nothing written back but the prompt and a newline).
import { SecretsError } from './errors';

export interface ValueInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

const MAX_PIPED_BYTES = 64 * 1024;

/** Piped input: everything up to EOF, minus one trailing line break (what `echo` and `printf '%s\n'` add). */
async function readPiped(stdin: ValueInput): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_PIPED_BYTES) {
      throw new SecretsError('invalid_value', `the value on stdin is larger than ${MAX_PIPED_BYTES} bytes; it was not stored`, 'pipe only the value');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

function readHidden(stdin: ValueInput, prompt: (text: string) => void, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    // Raw mode first: anything typed before it is set would be echoed by the terminal.
    stdin.setRawMode?.(true);
    const finish = (error: SecretsError | null) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      prompt('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const c of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (c === '\r' || c === '\n') return finish(null);
        if (c === '\x03') return finish(new SecretsError('cancelled', 'cancelled; nothing was stored'));
        if (c === '\x04') return finish(value ? null : new SecretsError('cancelled', 'no value entered; nothing was stored'));
        if (c === '\x7f' || c === '\b') value = [...value].slice(0, -1).join('');
        else if (c === '\x15') value = '';
        else if (c >= ' ') value += c;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
    prompt(`Value for ${name} (input hidden): `);
  });
}

export function readSecretValue(stdin: ValueInput, prompt: (text: string) => void, name: string): Promise<string> {
  return stdin.isTTY ? readHidden(stdin, prompt, name) : readPiped(stdin);
}
