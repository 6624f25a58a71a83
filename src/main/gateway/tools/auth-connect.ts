// gateway.auth_connect (contract §2.5): stores an API key in the OS keychain under the chosen secret
// scope, or acknowledges a URL-mode elicitation (which stores nothing). It never touches the process
// environment: the next connect resolves the name from the keychain (§4.3). The credential never
// appears in the answer, in errors or in logs; every message passes a redactor that knows it. A value too
// short or too simple to be a credential is refused (registered for redaction, it would blank ordinary
// words in every session's answers), and a stored credential is replaced only with `overwrite: true`. A
// manifest or registered server that is not set up yet declares its credential names itself (env_vars),
// so provision → auth_connect → provision works before the server exists in the supervisor.
// A remote server without an Authorization header signs in with OAuth instead (auth-oauth.ts): that is
// the default mode for it, and `sign_out` ends such a sign-in.
import * as z from 'zod';
import { declaredCredentials } from '../../discovery/origins';
import type { DiscoveryState } from '../../discovery/state';
import { isSecretsError } from '../../secrets/errors';
import { checkName, checkValue, looksLikeCredential, NAME_PATTERN } from '../../secrets/names';
import { createRedaction } from '../../redaction/pipeline';
import { createSecretValues, type SecretValues } from '../../redaction/secret-values';
import { secretFloorProblem } from '../../redaction/secret-floor';
import { referencedNames } from '../../secrets/references';
import { describeScope, scopeRef } from '../../secrets/scopes';
import type { SecretStore } from '../../secrets/store';
import { jsonResult } from '../envelope';
import { defineMetaTool, type GatewayContext, type MetaTool } from '../meta-tool';
import type { ServerHandle } from '../../supervisor/server-handle';
import { sanitizedUrl } from '../../common/safe-url';
import { oauthSignIn, oauthSignOut, signsInWithOAuth, type OAuthToolOptions } from './auth-oauth';

export interface AuthConnectOptions {
  /** The canonical project root for project and tenant scope; null refuses those scopes. */
  projectRoot?: string | null;
  /** The tenant of the calling session; tenant ids never come from tool input, so one tenant cannot write another's. */
  tenant?: (gateway: GatewayContext) => string | null;
  /** The redaction pipeline's secret-values stage; the stored credential is registered with it. */
  secretValues?: SecretValues | null;
  /** Retries the server after a credential was stored; the default reconnects servers waiting for auth or in error. */
  reconnect?: (server: string, gateway: GatewayContext, name: string) => Promise<{ connected: boolean; message: string }>;
  /** The manifest and registered entries, for names not configured yet; defaults to the gateway's own. */
  discovery?: DiscoveryState | null;
  /** OAuth sign-ins for remote servers; absent, the oauth and sign_out modes are refused. */
  oauth?: OAuthToolOptions['oauth'] | null;
  openUrl?: OAuthToolOptions['openUrl'];
  log?: OAuthToolOptions['log'];
}

/**
 * The names a server declares: those its config references in env values or headers, else, for a
 * manifest or registered server not set up yet, its env_vars. Null when no source knows the name.
 */
function declaredNames(gateway: GatewayContext, server: string, discovery: DiscoveryState | null | undefined): string[] | null {
  const handle = gateway.supervisor.get(server);
  if (!handle) return discovery ? declaredCredentials(discovery, server) : null;
  const definition = handle.definition;
  return referencedNames(definition.transport === 'stdio' ? definition.env : definition.headers);
}

async function defaultReconnect(server: string, gateway: GatewayContext, name: string): Promise<{ connected: boolean; message: string }> {
  // Servers already running with an older value of this name start again with the new one.
  const { recycled, deferred } = await gateway.supervisor.recycleUsing(new Map([[name, null]]));
  if (deferred.includes(server)) return { connected: true, message: 'the server has calls in flight; it restarts with the new value as soon as they finish' };
  const handle = gateway.supervisor.get(server);
  if (handle && recycled.includes(server)) return reconnect(handle);
  if (!handle || (handle.status !== 'auth_required' && handle.status !== 'error')) {
    return { connected: false, message: 'the server starts with it on its next use' };
  }
  return reconnect(handle);
}

async function reconnect(handle: ServerHandle): Promise<{ connected: boolean; message: string }> {
  try {
    await handle.ensureConnected();
    return { connected: true, message: 'the server is connected' };
  } catch (error) {
    return { connected: false, message: `reconnecting failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const input = z.object({
  server_name: z.string().min(1).describe('The configured, manifest or registered server the credential is for.'),
  credential: z.string().nullish().describe('The API key or token (api_key mode). Stored in the OS keychain, never echoed.'),
  env_var: z.string().nullish().describe("The variable name to store it under; defaults to the server's one missing ${VAR}."),
  scope: z.enum(['user', 'project', 'tenant']).nullish().describe('Secret scope (default user).'),
  auth_mode: z
    .enum(['api_key', 'url_elicitation', 'oauth', 'sign_out'])
    .nullish()
    .describe('Default api_key; oauth for a remote server without an Authorization header (sign in through the browser); sign_out ends an OAuth sign-in.'),
  oauth_scope: z.string().nullish().describe('oauth only: scopes to ask for beyond those the server asked for (space-separated).'),
  elicitation_id: z.string().nullish(),
  elicitation_url: z.string().nullish(),
  consent_acknowledged: z.boolean().nullish().describe('url_elicitation only: the user agreed to open the URL.'),
  overwrite: z.boolean().nullish().describe('Replace a credential already stored under this name and scope (default false: refused).'),
});

/** The scope errors' own next steps name CLI flags; an MCP caller needs these instead. */
const SCOPE_NEXT_STEP: Partial<Record<string, string>> = {
  scope_needs_project: "use scope='user', or run Gatehouse for a project (gatehouse serve --project DIR)",
  scope_needs_tenant: "tenant scope needs a session bound to a tenant; use scope='project' or scope='user'",
};

export function createAuthConnectTool(store: SecretStore, options: AuthConnectOptions = {}): MetaTool {
  return defineMetaTool({
    name: 'gateway.auth_connect',
    title: 'Store a credential',
    description:
      'Store an API key for a server in the OS keychain (scope user, project or tenant) and retry its connection, ' +
      'or acknowledge a URL-mode elicitation (stores nothing), or sign in to a remote server with OAuth ' +
      '(answers with the authorization URL to open; call again to confirm) or sign out of it. Loader variables (LD_*, DYLD_*, NODE_OPTIONS, ' +
      'PYTHON*, PATH) and multi-line values are refused; the credential is never echoed.',
    annotations: { destructiveHint: false, openWorldHint: false },
    input,
    async run(args, gateway) {
      const server = args.server_name;
      // The gateway's pipeline redacts every answer on its way out; this one also knows the credential
      // before it is registered (a failed store never registers it), in case an error text quotes it.
      const scrub = createRedaction({ secrets: createSecretValues(args.credential ? [args.credential] : []) });
      const answer = (ok: boolean, fields: Record<string, unknown>) => jsonResult(scrub.value({ ok, server, ...fields }));
      const refuse = (message: string, next_step: string | null, extra: Record<string, unknown> = {}) =>
        answer(false, { message, next_step, auth_state: 'missing_auth', ...extra });

      const configured = gateway.supervisor.get(server) !== undefined;
      const declared = declaredNames(gateway, server, options.discovery ?? gateway.discovery);
      if (declared === null) {
        return refuse(`Server '${server}' not found in manifest or .mcp.json configuration.`, 'gateway.catalog_search');
      }

      const handle = gateway.supervisor.get(server);
      const mode = args.auth_mode ?? (!args.credential && !args.env_var && options.oauth && signsInWithOAuth(handle) ? 'oauth' : 'api_key');
      if (mode === 'oauth' || mode === 'sign_out') {
        if (!options.oauth) return refuse('OAuth sign-in needs the OS keychain, which this gateway runs without.', null);
        if (!signsInWithOAuth(handle)) {
          return refuse(
            `'${server}' is not a configured remote server that signs in with OAuth (a stdio server, or one with its own Authorization header); nothing was done.`,
            `gateway.auth_connect(server_name='${server}', credential='…')`,
          );
        }
        const tool = { oauth: options.oauth, openUrl: options.openUrl, log: options.log };
        const result = mode === 'oauth' ? await oauthSignIn(handle, args.oauth_scope ?? null, tool) : await oauthSignOut(handle, tool);
        return answer(result.ok, { auth_mode: mode, ...result.fields });
      }

      if (mode === 'url_elicitation') {
        if (args.credential) return refuse('url_elicitation takes no credential; nothing was stored.', null);
        if (!args.elicitation_id) return refuse('url_elicitation needs elicitation_id.', null, { auth_state: 'elicitation_required' });
        if (args.consent_acknowledged !== true) {
          return refuse('URL-mode elicitation required.', `gateway.auth_connect(server_name='${server}', auth_mode='url_elicitation', elicitation_id='${args.elicitation_id}', consent_acknowledged=true) once the user agrees to open the URL`, { auth_state: 'elicitation_required' });
        }
        const url = sanitizedUrl(args.elicitation_url);
        const next = 'finish the flow at the URL in a browser, then retry the original call';
        return answer(true, {
          message: 'Consent acknowledged; nothing was stored.',
          auth_state: 'elicitation_required',
          next_step: next,
          url_elicitation: { elicitation_id: args.elicitation_id, url, message: 'Open the URL to authorize.', next_step: next },
        });
      }

      let name = args.env_var ?? null;
      if (name === null) {
        if (declared.length !== 1) {
          return refuse(
            declared.length ? `Server '${server}' references ${declared.join(', ')}; name the one to store with env_var.` : `Server '${server}' references no \${VAR}; name the variable with env_var.`,
            `gateway.auth_connect(server_name='${server}', env_var='NAME', credential='…')`,
          );
        }
        name = declared[0] as string;
      }
      const credential = args.credential ?? '';
      try {
        checkName(name, 'env_var');
        if (!declared.includes(name) && !looksLikeCredential(name)) {
          return refuse(`env_var ${name} is not referenced by '${server}' and does not look like a credential (…_TOKEN, …_KEY, …_SECRET, …_PAT).`, 'use a name the server references as ${NAME}', { env_var: name });
        }
        if (!credential) return refuse('credential is required in api_key mode.', null, { env_var: name });
        checkValue(credential, name);
        const weak = secretFloorProblem(credential);
        if (weak) {
          return refuse(`the credential is ${weak}, too weak to be an API key or token; nothing was stored.`, 'pass the full API key or token', { env_var: name, error_code: 'credential_too_weak' });
        }
        const ref = scopeRef(args.scope ?? 'user', { projectRoot: options.projectRoot ?? null, tenant: options.tenant?.(gateway) ?? null });
        const stored = await store.get(ref, name);
        if (stored !== null && stored !== '' && stored !== credential && args.overwrite !== true) {
          return refuse(
            `${name} is already stored in the OS keychain (${describeScope(ref)}); nothing was changed.`,
            `to replace it, call again with overwrite=true: gateway.auth_connect(server_name='${server}', env_var='${name}', credential='…', overwrite=true)`,
            { env_var: name, error_code: 'credential_exists' },
          );
        }
        const replaced = stored !== null && stored !== '' && stored !== credential;
        await store.set(ref, name, credential);
        options.secretValues?.add(credential);
        const retry = await (options.reconnect ?? defaultReconnect)(server, gateway, name);
        // A server not set up yet has nothing to reconnect: provisioning it is what uses the credential.
        const outcome = configured ? retry.message : 'provision the server next to start it with it';
        return answer(true, {
          message: `${name} ${replaced ? 'replaced' : 'stored'} in the OS keychain (${describeScope(ref)}); ${outcome}.`,
          replaced,
          env_var: name,
          auth_state: 'none',
          next_step: retry.connected ? null : `gateway.provision(server_name='${server}')`,
        });
      } catch (error) {
        // An invalid env_var is not echoed back: a caller may have put a value where the name belongs.
        const named = NAME_PATTERN.test(name) ? name : null;
        if (isSecretsError(error)) {
          return refuse(`${error.message}.`, SCOPE_NEXT_STEP[error.code] ?? error.nextStep, { env_var: named, error_code: error.code });
        }
        return refuse(`storing ${named ?? 'the credential'} failed: ${error instanceof Error ? error.message : String(error)}`, 'retry; see the Gatehouse log if it fails again', { env_var: named });
      }
    },
  });
}
