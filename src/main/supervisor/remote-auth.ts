// A remote server that refuses Gatehouse's credential (HTTP 401/403) is an auth problem, not a broken
// command line: it becomes E201 with the parsed WWW-Authenticate challenge, the entry's declared auth
// metadata and the auth_connect next step (contract §2.1, §2.2 auth fields, §4.2).
//
// The SDK's HTTP errors carry the status but not the response headers, so the transports get a fetch
// that looks at every response. During the handshake it only remembers the refusal (the SDK wraps or,
// for SSE, replaces whatever a fetch throws); once connected it fails the request with the E201 itself,
// which reaches the caller unchanged.
//
// A server Gatehouse signs in to with OAuth (no static Authorization header) is handled differently for
// 401: the SDK transport renews the token and retries, so the guard lets a 401 through unless it answers
// a token that was itself just renewed (the server refuses fresh tokens: renewing again cannot help).
import type { FetchLike } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import { GatewayError } from '../common/errors';
import { sanitizedUrl } from '../common/safe-url';
import { gatehouseRun } from '../common/gatehouse-command';
import { referencedNames } from '../secrets/references';
import type { ConnectionAuth } from '../oauth/connection-auth';
import { describeProblem, type OAuthProblem } from '../oauth/problem';
import { bearerChallenge, parseWwwAuthenticate, scopeList, type Challenge } from './auth-challenge';

export interface AuthRejection {
  status: 401 | 403;
  /** The WWW-Authenticate header as sent, or null when there was none. */
  header: string | null;
}

export interface RemoteAuthGuard {
  fetch: FetchLike;
  /** The last refusal seen (for a handshake that failed), else null. */
  rejection(): AuthRejection | null;
  /** Called once the handshake succeeded: from then on a refusal fails its request with the E201. */
  arm(): void;
}

const DESCRIPTION_LIMIT = 200;

export function remoteAuthGuard(definition: RemoteServerDefinition, base: FetchLike = fetch, oauth: ConnectionAuth | null = null): RemoteAuthGuard {
  let last: AuthRejection | null = null;
  let armed = false;
  const serverUrl = new URL(definition.url);
  return {
    async fetch(url, init) {
      const response = await base(url, init);
      if (response.status !== 401 && response.status !== 403) return response;
      // Only the MCP endpoint's answers count: the SSE transport posts to an endpoint on the same origin.
      if (new URL(String(url)).origin !== serverUrl.origin) return response;
      last = { status: response.status, header: response.headers.get('www-authenticate') };
      if (oauth) {
        const params = challengeParams(last.header);
        oauth.noteChallenge({ resourceMetadataUrl: httpUrl(params.resource_metadata), scope: params.scope ?? null });
        if (response.status === 403 && params.error === 'insufficient_scope' && params.scope) await oauth.requireScope(params.scope).catch(() => undefined);
      }
      // With OAuth the transport renews and retries a refused token itself; a renewed token refused again is final.
      const final = !oauth || response.status === 403 || oauth.refusedAfterRenewal(new Headers(init?.headers).get('authorization'));
      if (!armed || !final) return response;
      await response.body?.cancel().catch(() => undefined);
      throw authRejectedError(definition, last, oauth?.problem() ?? null, oauth !== null);
    },
    rejection: () => last,
    arm: () => {
      armed = true;
    },
  };
}

/** An http(s) URL kept as sent (a metadata URL's query is part of it), else null. */
function httpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function challengeParams(header: string | null): Record<string, string> {
  const challenges = header ? parseWwwAuthenticate(header) : null;
  return (challenges && bearerChallenge(challenges)?.params) ?? {};
}

/**
 * The E201 for a refused connection or request, with auth_state, auth_challenge and auth_metadata. For
 * a server Gatehouse signs in to (`oauth`), the message says what happened to the sign-in (`problem`) and
 * the next step is signing in.
 */
export function authRejectedError(definition: RemoteServerDefinition, rejection: AuthRejection, problem: OAuthProblem | null = null, oauth = false): GatewayError {
  const server = definition.name;
  const diagnostics: string[] = [];
  const challenge = readChallenge(rejection, diagnostics);
  const params = challenge?.params ?? {};
  const state = params.error === 'insufficient_scope' || (rejection.status === 403 && params.error !== 'invalid_token') ? 'insufficient_scope' : 'missing_auth';
  const required = scopeList(params.scope);
  const resourceMetadata = sanitizedUrl(params.resource_metadata);
  if (params.resource_metadata && !resourceMetadata) diagnostics.push("the challenge's resource_metadata is not an http(s) URL and was dropped");
  const declared = definition.auth ?? {};
  const configuredMetadata = sanitizedUrl(declared.protectedResourceMetadataUrl);
  if (resourceMetadata && configuredMetadata && resourceMetadata !== configuredMetadata) {
    diagnostics.push(`the challenge names resource metadata at ${resourceMetadata}; the config names ${configuredMetadata}`);
  }
  const undeclared = declared.declaredScopes ? required.filter((s) => !declared.declaredScopes?.includes(s)) : [];
  if (undeclared.length) diagnostics.push(`the challenge asks for ${undeclared.join(' ')}, which declared_scopes does not list`);
  const description = params.error_description ? params.error_description.slice(0, DESCRIPTION_LIMIT) : null;
  const nextStep = `gateway.auth_connect(server_name='${server}')`;
  const why = [params.error, description].filter(Boolean).join(': ');
  const signIn = oauth && problem && state === 'missing_auth' ? `: ${describeProblem(server, problem)}` : '';
  return new GatewayError(
    'E201',
    `remote server "${server}" refused Gatehouse's credential (HTTP ${rejection.status}${why ? `, ${why}` : ''})${signIn}`,
    {
      server,
      http_status: rejection.status,
      auth_state: state,
      next_step: nextStep,
      auth_challenge: challenge && {
        scheme: challenge.scheme,
        resource_metadata_url: resourceMetadata,
        scope: params.scope ?? null,
        missing_scopes: required,
        error: params.error ?? null,
        error_description: description,
      },
      auth_metadata: {
        protected_resource_metadata_url: configuredMetadata ?? resourceMetadata,
        authorization_server_metadata_url: sanitizedUrl(declared.authorizationServerMetadataUrl),
        oidc_issuer_url: sanitizedUrl(declared.oidcIssuerUrl),
        oidc_discovery_url: sanitizedUrl(declared.oidcDiscoveryUrl),
        client_id_metadata_document_url: sanitizedUrl(declared.clientIdMetadataDocumentUrl),
        declared_scopes: declared.declaredScopes ?? [],
        // A static header value's scopes are unknown; an OAuth token's are what the server granted.
        granted_scopes: null,
        missing_scopes: required,
        diagnostics,
      },
    },
    oauth ? signInSuggestion(server, state, problem) : suggestion(definition, state, required),
    true,
  );
}

function readChallenge(rejection: AuthRejection, diagnostics: string[]): Challenge | null {
  if (rejection.header === null) {
    diagnostics.push(`HTTP ${rejection.status} came without a WWW-Authenticate header`);
    return null;
  }
  const challenges = parseWwwAuthenticate(rejection.header);
  if (!challenges) {
    diagnostics.push('the WWW-Authenticate header could not be parsed, so its challenge was ignored');
    return null;
  }
  const bearer = bearerChallenge(challenges);
  if (!bearer) diagnostics.push(`the server offers ${challenges.map((c) => c.scheme).join(', ')}, not Bearer`);
  return bearer ?? challenges[0] ?? null;
}

function suggestion(definition: RemoteServerDefinition, state: 'missing_auth' | 'insufficient_scope', required: string[]): string {
  const server = definition.name;
  const names = referencedNames(definition.headers);
  const scoped = state === 'insufficient_scope';
  const token = scoped ? 'a token that grants them' : 'a valid token';
  const store = names.length
    ? `store ${token} for ${names.map((n) => `\${${n}}`).join(', ')} with gateway.auth_connect(server_name='${server}', env_var='${names[0]}', credential='…')`
    : `add a header such as "Authorization": "Bearer \${NAME}" to "${server}" in its config, then store ${token} with gateway.auth_connect(server_name='${server}')`;
  const lacking = scoped ? `the token lacks ${required.length ? `scope(s) ${required.join(' ')}` : 'a required scope'}; ` : '';
  return `${lacking}${store}, then start the server again`;
}

/** For a server Gatehouse signs in to: sign in (again), or, for the keychain, make it reachable first. */
function signInSuggestion(server: string, state: 'missing_auth' | 'insufficient_scope', problem: OAuthProblem | null): string {
  const command = `"${gatehouseRun(`auth connect ${server}`)}" or gateway.auth_connect(server_name='${server}')`;
  if (state === 'insufficient_scope') return `sign in again to grant the scope the server asks for: ${command}; the next sign-in asks for it`;
  const signIn =
    problem?.kind === 'keychain_unavailable'
      ? `make the OS keychain reachable (${gatehouseRun('doctor')} says how), then sign in with ${command}`
      : `${problem && problem.kind !== 'not_signed_in' ? 'sign in again' : 'sign in'} with ${command}`;
  // A static token works too, for servers that issue them.
  return `${signIn}, then start the server again; or, for a static token, add a header such as "Authorization": "Bearer \${NAME}" to "${server}" in its config`;
}
