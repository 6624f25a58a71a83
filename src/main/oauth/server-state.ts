// Everything Gatehouse holds about one remote server's OAuth sign-in in this process: the keychain
// records (read once, then kept in memory; re-read when the server refuses a token, since another
// Gatehouse process may have signed in meanwhile), the discovery answers of this run, the renewal in
// flight (one at a time: with refresh-token rotation, two at once would spend the same refresh token
// twice and the second would be refused), and why the last attempt failed.
import type { OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import { KeychainUnavailableError } from '../secrets/keychain-state';
import { SecretsError } from '../secrets/errors';
import { recordFromTokens, scopeUnion } from './expiry';
import type { OAuthProblem } from './problem';
import { canonicalServerUrl, type ClientRecord, type TokenRecord, type TokenRecords } from './token-records';

/** What the server's last Bearer challenge (WWW-Authenticate on a 401 or 403) asked for. */
export interface ServerChallenge {
  /** RFC 9728 §5.1: where its protected-resource metadata is, when it is not at a well-known path. */
  resourceMetadataUrl: string | null;
  /** The scope it said a token needs (the spec's first choice for a sign-in's scope). */
  scope: string | null;
}

export interface StateHooks {
  /** Every token value read or written is handed here (the redaction pipeline's secret values). */
  onSecret: (value: string) => void;
  now: () => number;
  /** A `${NAME}` value (environment, then keychain), for a pre-registered client's secret; null when unset. */
  resolveSecret: (name: string) => Promise<string | null>;
}

export class ServerOAuthState {
  readonly serverUrl: string;
  private tokens: TokenRecord | null | undefined = undefined;
  private client: ClientRecord | null | undefined = undefined;
  discovery: OAuthDiscoveryState | undefined = undefined;
  renewal: Promise<void> | null = null;
  problem: OAuthProblem | null = null;
  /** Access tokens obtained in answer to a refusal: a server refusing one of these refuses fresh tokens. */
  readonly issuedAfterRefusal = new Set<string>();
  /** Set when the SDK discarded the tokens because the authorization server refused them. */
  tokensInvalidated = false;
  /** The server's last challenge in this process (kept in memory: it is re-sent on every refusal). */
  challenge: ServerChallenge | null = null;

  constructor(
    url: string,
    private readonly records: TokenRecords,
    readonly hooks: StateHooks,
  ) {
    this.serverUrl = canonicalServerUrl(url);
  }

  /** The stored tokens; `reload` reads the keychain again. A keychain failure reads as "none" and is remembered. */
  async loadTokens(reload = false): Promise<TokenRecord | null> {
    if (this.tokens !== undefined && !reload) return this.tokens;
    try {
      this.tokens = await this.records.readTokens(this.serverUrl);
    } catch (error) {
      this.tokens = null;
      this.problem = { kind: 'keychain_unavailable', detail: keychainDetail(error) };
      return null;
    }
    this.remember(this.tokens);
    return this.tokens;
  }

  /** The token in memory, without touching the keychain. */
  cachedTokens(): TokenRecord | null {
    return this.tokens ?? null;
  }

  async saveTokens(tokens: OAuthTokens & { issuer?: string }): Promise<TokenRecord> {
    const record = recordFromTokens(tokens, { serverUrl: this.serverUrl, previous: this.tokens ?? null, now: this.hooks.now() });
    this.remember(record);
    await this.records.writeTokens(record);
    this.tokens = record;
    this.tokensInvalidated = false;
    this.problem = null;
    return record;
  }

  async deleteTokens(): Promise<boolean> {
    this.tokens = null;
    return this.records.deleteTokens(this.serverUrl);
  }

  /** A server asked for more scope (insufficient_scope): the next sign-in asks for it too. */
  async requireScope(scope: string): Promise<void> {
    const record = await this.loadTokens();
    if (!record) return;
    const required = scopeUnion(record.required_scope, scope);
    if (required === record.required_scope) return;
    const updated = { ...record, required_scope: required };
    this.tokens = updated;
    await this.records.writeTokens(updated).catch(() => undefined);
  }

  async loadClient(): Promise<ClientRecord | null> {
    if (this.client !== undefined) return this.client;
    this.client = await this.records.readClient(this.serverUrl);
    return this.client;
  }

  async saveClient(record: Omit<ClientRecord, 'v' | 'server_url'>): Promise<void> {
    const full: ClientRecord = { v: 1, server_url: this.serverUrl, ...record };
    if (full.client_secret) this.hooks.onSecret(full.client_secret);
    await this.records.writeClient(full);
    this.client = full;
  }

  async deleteClient(): Promise<void> {
    this.client = null;
    await this.records.deleteClient(this.serverUrl);
  }

  private remember(record: TokenRecord | null): void {
    if (!record) return;
    this.hooks.onSecret(record.access_token);
    if (record.refresh_token) this.hooks.onSecret(record.refresh_token);
  }
}

function keychainDetail(error: unknown): string {
  if (error instanceof KeychainUnavailableError || error instanceof SecretsError) return error.message;
  return error instanceof Error ? error.message.slice(0, 200) : String(error);
}
