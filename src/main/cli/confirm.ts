// One yes/no question on the operator's terminal. Only an explicit "y" or "yes" counts: an empty line,
// anything else or the end of input declines, so a stray Enter never approves anything.
import { createInterface } from 'node:readline';

export function confirm(input: NodeJS.ReadableStream, prompt: { write(text: string): unknown }, question: string): Promise<boolean> {
  return new Promise((resolve) => {
    // terminal: false leaves echo and line editing to the terminal itself; nothing here is secret.
    const lines = createInterface({ input, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(/^\s*y(?:es)?\s*$/i.test(line));
    });
    lines.once('close', () => {
      if (answered) return;
      prompt.write('\n');
      resolve(false);
    });
    prompt.write(`${question} [y/N] `);
  });
}
