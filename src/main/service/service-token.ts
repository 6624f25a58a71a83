// The gateway's auth token for a service: kept in a 0600 env file beside the config (written atomically,
// created once and then kept) or in the OS keychain under GATEHOUSE_AUTH_TOKEN — never in the unit. A new
// token is 32 random bytes; neither function returns or prints it.
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../common/atomic-write';
import { GatewayError } from '../common/errors';

export const TOKEN_NAME = 'GATEHOUSE_AUTH_TOKEN';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function hasToken(text: string): boolean {
  return text.split('\n').some((line) => new RegExp(`^\\s*(export\\s+)?${TOKEN_NAME}=\\S{16,}`).test(line));
}

/** Makes sure `file` holds a token, mode 0600; 'created' or 'kept'. A file that is there but holds none is refused. */
export function ensureEnvFile(file: string): 'created' | 'kept' {
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === null) {
    writeFileAtomic(file, `# The auth token of the Gatehouse service (gatehouse service install). Keep it 0600.\n${TOKEN_NAME}=${newToken()}\n`, 0o600);
    return 'created';
  }
  if (!hasToken(text)) {
    throw new GatewayError('E101', `${file} holds no ${TOKEN_NAME}=... line`, { path: file },
      `add one (at least 16 characters), or remove the file and run gatehouse service install again to create it`);
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    // Same bytes, narrower mode: others could read the token until now.
    writeFileAtomic(file, text, 0o600);
  }
  return 'kept';
}

export interface TokenStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
}

/** Makes sure the keychain holds a token; 'created' or 'kept'. */
export async function ensureKeychainToken(store: TokenStore): Promise<'created' | 'kept'> {
  if (await store.get(TOKEN_NAME)) return 'kept';
  await store.set(TOKEN_NAME, newToken());
  return 'created';
}
