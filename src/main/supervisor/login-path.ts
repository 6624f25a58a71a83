// A desktop app launched from a dock or menu gets a minimal PATH, without the user's shell profile, so
// `npx` and `uvx` are not found. Ask the user's login shell for its PATH once at start-up and merge it.
import { execFile } from 'node:child_process';

const MARKER = '__GATEHOUSE_PATH__';

export async function loginShellPath(env: NodeJS.ProcessEnv, timeoutMs = 5000): Promise<string | null> {
  const shell = env.SHELL;
  if (process.platform === 'win32' || !shell) return null;
  return new Promise((resolve) => {
    // argv array; the one command string is a constant. Markers cut away whatever the profile prints.
    execFile(shell, ['-l', '-c', `printf '${MARKER}%s${MARKER}' "$PATH"`], { env, timeout: timeoutMs, encoding: 'utf8' }, (error, stdout) => {
      const match = new RegExp(`${MARKER}(.*)${MARKER}`, 's').exec(stdout ?? '');
      resolve(error || !match?.[1] ? null : match[1]);
    });
  });
}

/** The login shell's entries first, then any entry of the current PATH it lacks. */
export function mergePaths(loginPath: string | null, currentPath: string | undefined): string {
  const entries = [...(loginPath ?? '').split(':'), ...(currentPath ?? '').split(':')].filter(Boolean);
  return [...new Set(entries)].join(':');
}
