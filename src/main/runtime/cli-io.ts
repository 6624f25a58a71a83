// Output rules shared by `gatehouse mcp …` and `gatehouse doctor` (python-runtime.md §9): failures
// put one `gatehouse: <message>` line on stderr; with --json stdout gets exactly one pretty document,
// failures included; without it, one summary line.
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export const processIo = (): CliIo => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
});

export function emit(io: CliIo, json: boolean, exitCode: number, document: unknown, line: string, failed: boolean): number {
  if (json) io.stdout(`${JSON.stringify(document, null, 2)}\n`);
  if (failed) io.stderr(`gatehouse: ${line}\n`);
  else if (!json) io.stdout(`${line}\n`);
  return exitCode;
}
