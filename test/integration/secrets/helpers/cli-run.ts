// Runs `gatehouse secrets …` in this process with captured output, or as a real child process built
// from the source (pipes, a real terminal through `script`, another environment).
import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { runSecrets, type SecretsIo } from '../../../../src/main/cli/secrets';
import type { SecretStore } from '../../../../src/main/secrets/store';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runInProcess(argv: string[], options: { store: SecretStore; cwd: string; homeDir: string; stdin?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: SecretsIo = {
    stdin: Readable.from([options.stdin ?? '']),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd: options.cwd,
    homeDir: options.homeDir,
    store: options.store,
  };
  const code = await runSecrets(argv, io);
  return { code, stdout, stderr };
}

export function runChild(entry: string, argv: string[], options: { env: NodeJS.ProcessEnv; cwd: string; input?: string }): CliResult {
  const result = spawnSync(process.execPath, [entry, ...argv], { env: options.env, cwd: options.cwd, input: options.input ?? '', encoding: 'utf8', timeout: 30_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs the command on a real pseudo-terminal (util-linux `script`), types `keys` once the prompt shows,
 * and returns everything the terminal displayed.
 */
export function runOnTerminal(entry: string, argv: string[], options: { env: NodeJS.ProcessEnv; cwd: string; keys: string }): Promise<CliResult & { screen: string }> {
  const command = [process.execPath, entry, ...argv].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let typed = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      screen += chunk;
      if (!typed && screen.includes('(input hidden): ')) {
        typed = true;
        child.stdin.write(options.keys);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout: screen, stderr: '', screen }));
  });
}
