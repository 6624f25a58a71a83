// Where the secrets layer keeps its one file and where PMCP kept its plaintext env files (import only).
import { join } from 'node:path';
import { gatehouseDirs } from '../common/dirs';

export const DEFAULT_SERVICE = 'dev.gatehouse';

/** GATEHOUSE_KEYCHAIN_SERVICE lets tests and side-by-side profiles use their own keychain namespace. */
export function keychainService(env: NodeJS.ProcessEnv): string {
  const custom = env.GATEHOUSE_KEYCHAIN_SERVICE;
  return custom && /^[A-Za-z0-9._-]{1,128}$/.test(custom) ? custom : DEFAULT_SERVICE;
}

export function gatehouseConfigDir(env: NodeJS.ProcessEnv, homeDir: string): string {
  return gatehouseDirs(env, homeDir).config;
}

export function secretsIndexPath(env: NodeJS.ProcessEnv, homeDir: string): string {
  return join(gatehouseConfigDir(env, homeDir), 'secrets-index.json');
}

/** PMCP's user env file; PMCP always used ~/.config, whatever XDG_CONFIG_HOME said. */
export function pmcpUserEnvPath(homeDir: string): string {
  return join(homeDir, '.config', 'pmcp', 'pmcp.env');
}

export function pmcpProjectEnvPath(projectRoot: string): string {
  return join(projectRoot, '.env.pmcp');
}
