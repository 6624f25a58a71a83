// What `gatehouse service install` sets up, worked out once and rendered for each service manager: the
// command line of `gatehouse serve --transport http`, where the auth token comes from, and the files.
// The token itself is never part of it: the unit names the env file or relies on the keychain.
import { join } from 'node:path';
import { gatehouseDirs } from '../common/dirs';
import { DEFAULT_HOST, DEFAULT_PORT } from '../common/listen';

export const SERVICE_NAME = 'gatehouse';
export const LAUNCHD_LABEL = 'dev.gatehouse.gateway';

/** Where `serve` finds its token: none (loopback only), the OS keychain, or a 0600 env file beside the config. */
export type TokenSource = 'none' | 'keychain' | 'env-file';

export interface ServiceSpec {
  /** The program and its arguments: this node and this package's bin/gatehouse.mjs, then `serve ...`. */
  argv: string[];
  host: string;
  port: number;
  tokenSource: TokenSource;
  /** The env file holding GATEHOUSE_AUTH_TOKEN (mode 0600), when tokenSource is env-file. */
  envFile: string | null;
  /** Variables the unit sets itself (never secrets). */
  environment: Record<string, string>;
}

export interface SpecInput {
  launcher: { command: string; args: string[] };
  host?: string;
  port?: number;
  tokenSource: TokenSource;
  config?: string | null;
  policy?: string | null;
  env: NodeJS.ProcessEnv;
  home: string;
  platform: NodeJS.Platform;
}

export function serviceEnvFile(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
  return join(gatehouseDirs(env, home, platform).config, 'service.env');
}

export function buildSpec(input: SpecInput): ServiceSpec {
  const host = input.host ?? DEFAULT_HOST;
  const port = input.port ?? DEFAULT_PORT;
  const serve = ['serve', '--transport', 'http', '--host', host, '--port', String(port)];
  if (input.tokenSource === 'none') serve.push('--auth', 'none');
  else serve.push('--auth', 'shared-secret');
  if (input.config) serve.push('--config', input.config);
  if (input.policy) serve.push('--policy', input.policy);
  return {
    argv: [input.launcher.command, ...input.launcher.args, ...serve],
    host,
    port,
    tokenSource: input.tokenSource,
    envFile: input.tokenSource === 'env-file' ? serviceEnvFile(input.env, input.home, input.platform) : null,
    // A service manager starts with a bare environment: the same folders the user's shell would use.
    environment: {
      PATH: input.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      ...(input.env.XDG_CONFIG_HOME ? { XDG_CONFIG_HOME: input.env.XDG_CONFIG_HOME } : {}),
      ...(input.env.XDG_STATE_HOME ? { XDG_STATE_HOME: input.env.XDG_STATE_HOME } : {}),
      ...(input.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: input.env.XDG_CACHE_HOME } : {}),
    },
  };
}
