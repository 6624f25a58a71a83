// `gatehouse auth connect|status|sign-out`: OAuth sign-ins for remote servers, headless. `connect` prints
// the authorization URL, waits for the browser to come back to its loopback listener and stores the
// tokens in the OS keychain, where a running gateway finds them on the server's next request. Exit 0
// done, 1 failed or refused, 64 usage.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { RemoteServerDefinition } from '../config/types';
import { findProjectRoot } from '../config/project-root';
import { ConfigStore } from '../config/store';
import { safeMessage } from '../common/errors';
import { gatehouseRun } from '../common/gatehouse-command';
import type { KeychainBackend } from '../secrets/keychain';
import { defaultSecretStore } from '../secrets/store';
import { RemoteOAuth } from '../oauth/remote-oauth';
import { keychainResolver } from '../core/keychain-resolver';
import { createSecretValues } from '../redaction/secret-values';
import { stateDir } from '../state/paths';
import { CONFIG_FLAGS, parseFlags, UsageError } from './args';
import { formatTable } from './table';

export interface AuthIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  homeDir: string;
  /** The keychain (default: the OS keychain under the configured service name). */
  backend?: KeychainBackend;
}

const FLAGS = { ...CONFIG_FLAGS, scope: { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean', default: false } } as const;

export async function auth(argv: string[]): Promise<number> {
  return runAuth(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    homeDir: homedir(),
  });
}

export async function runAuth(argv: string[], io: AuthIo): Promise<number> {
  const [action, ...rest] = argv;
  const { values, positionals } = parseFlags(rest, FLAGS, 1);
  const name = positionals[0];
  const fail = (message: string) => {
    io.stderr(`gatehouse: ${message}\n`);
    return 1;
  };
  const projectRoot = values.project ? resolve(values.project) : findProjectRoot(io.cwd, io.homeDir);
  const store = new ConfigStore({
    projectRoot,
    homeDir: io.homeDir,
    configPath: values.config ?? io.env.GATEHOUSE_CONFIG ?? null,
    stateDir: stateDir({ env: io.env, home: io.homeDir }),
  });
  const remotes = [...store.config.servers.values()].filter((d): d is RemoteServerDefinition => d.transport !== 'stdio');
  const secrets = io.backend ? null : defaultSecretStore(io.env, io.homeDir);
  // A pre-registered client's secret (gatehouse.oauth.client_secret) resolves as the gateway resolves it.
  const resolveVariables = keychainResolver({ env: io.env, projectRoot, store: secrets, secretValues: createSecretValues() });
  const oauth = new RemoteOAuth({
    backend: io.backend ?? (secrets ?? defaultSecretStore(io.env, io.homeDir)).backend,
    signInTimeoutMs: timeoutOf(values.timeout),
    resolveSecret: async (name) => (await resolveVariables([name])).values.get(name) ?? null,
  });
  const find = (server: string | undefined): RemoteServerDefinition | string => {
    if (!server) throw new UsageError(`gatehouse auth ${action} needs a server name`);
    const definition = remotes.find((d) => d.name === server);
    if (!definition) return `"${server}" is not a remote server in the configuration (stdio servers take their credentials from "${gatehouseRun('secrets set NAME')}")`;
    if (definition.untrusted) return `"${server}" comes from ${definition.untrusted.path}, which is not approved; review it with "${gatehouseRun('trust')}" first`;
    if (Object.keys(definition.headers).some((h) => h.toLowerCase() === 'authorization')) {
      return `"${server}" sends its own Authorization header from the config, so Gatehouse does not sign in to it with OAuth`;
    }
    return definition;
  };

  switch (action) {
    case 'connect': {
      const definition = find(name);
      if (typeof definition === 'string') return fail(definition);
      try {
        const session = await oauth.signIn(definition, { scope: values.scope ?? null, force: true });
        if (session.authorizationUrl) {
          io.stdout(`Open this URL in a browser to sign in to "${definition.name}":\n\n  ${session.authorizationUrl}\n\nWaiting for the browser to come back to ${session.redirectUrl} …\n`);
        }
        const outcome = await session.done;
        if (!outcome.ok) return fail(`${outcome.message}; run "${gatehouseRun(`auth connect ${definition.name}`)}" to try again`);
        io.stdout(`Signed in to "${definition.name}"${outcome.scope ? ` (scope: ${outcome.scope})` : ''}; the tokens are in the OS keychain. A running gateway uses them from the server's next request.\n`);
        return 0;
      } catch (error) {
        return fail(safeMessage(error));
      }
    }
    case 'status': {
      const chosen = name ? [find(name)] : remotes.filter((d) => !d.untrusted);
      const rows = [];
      for (const definition of chosen) {
        if (typeof definition === 'string') return fail(definition);
        try {
          rows.push(await oauth.status(definition));
        } catch (error) {
          return fail(`reading the sign-in of "${definition.name}" failed: ${safeMessage(error)}`);
        }
      }
      if (values.json) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
      else if (!rows.length) io.stdout('No remote servers are configured.\n');
      else {
        io.stdout(
          `${formatTable(
            ['SERVER', 'SIGNED IN', 'SCOPE', 'EXPIRES', 'REFRESHABLE'],
            rows.map((r) => [r.server, r.signed_in ? 'yes' : 'no', r.scope ?? '-', r.expires_at ?? '-', r.refreshable ? 'yes' : 'no']),
          )}\n`,
        );
      }
      return 0;
    }
    case 'sign-out': {
      const definition = find(name);
      if (typeof definition === 'string') return fail(definition);
      try {
        const result = await oauth.signOut(definition);
        if (!result.was_signed_in) io.stdout(`"${definition.name}" had no OAuth sign-in; nothing to do.\n`);
        else {
          const revoked = [result.revoked.length ? `revoked its ${result.revoked.join(' and ')}` : null, result.revocation_note].filter(Boolean).join('; ') || 'nothing was revoked';
          io.stdout(`Signed out of "${definition.name}": ${revoked}; the tokens are deleted from the keychain.\n`);
        }
        return 0;
      } catch (error) {
        return fail(`signing out of "${definition.name}" failed: ${safeMessage(error)}`);
      }
    }
    default:
      throw new UsageError(action ? `unknown auth action "${action}" (connect, status, sign-out)` : 'gatehouse auth needs an action: connect, status or sign-out');
  }
}

function timeoutOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout takes seconds, not "${value}"`);
  return seconds * 1000;
}
