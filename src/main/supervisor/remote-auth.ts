// A remote server that refuses Gatehouse's credential (HTTP 401/403) is an auth problem, not a broken
// command line: it becomes E201 with the parsed WWW-Authenticate challenge, the entry's declared auth
// metadata and the auth_connect next step (contract §2.1, §2.2 auth fields, §4.2).
//
// The SDK's HTTP errors carry the status but not the response headers, so the transports get a fetch
// that looks at every response. During the handshake it only remembers the refusal (the SDK wraps or,
// for SSE, replaces whatever a fetch throws); once connected it fails the request with the E201 itself,
// which reaches the caller unchanged.
import type { FetchLike } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import { GatewayError } from '../common/errors';
import { sanitizedUrl } from '../common/safe-url';
import { referencedNames } from '../secrets/references';
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

export function remoteAuthGuard(definition: RemoteServerDefinition, base: FetchLike = fetch): RemoteAuthGuard {
  let last: AuthRejection | null = null;
  let armed = false;
  return {
    async fetch(url, init) {
      const response = await base(url, init);
      if (response.status !== 401 && response.status !== 403) return response;
      last = { status: response.status, header: response.headers.get('www-authenticate') };
      if (!armed) return response;
      await response.body?.cancel().catch(() => undefined);
      throw authRejectedError(definition, last);
    },
    rejection: () => last,
    arm: () => {
      armed = true;
    },
  };
}

/** The E201 for a refused connection or request, with auth_state, auth_challenge and auth_metadata. */
export function authRejectedError(definition: RemoteServerDefinition, rejection: AuthRejection): GatewayError {
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
  return new GatewayError(
    'E201',
    `remote server "${server}" refused Gatehouse's credential (HTTP ${rejection.status}${why ? `, ${why}` : ''})`,
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
        // The credential is a static header value: Gatehouse cannot see which scopes it grants.
        granted_scopes: null,
        missing_scopes: required,
        diagnostics,
      },
    },
    suggestion(definition, state, required),
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
