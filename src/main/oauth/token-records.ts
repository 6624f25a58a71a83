// OAuth tokens and client registrations for remote MCP servers, kept in the OS keychain (never in a file).
// Entries sit beside the secret scopes under the same keychain service, on accounts of their own that
// the secret scopes' parser rejects, so `secrets list`, sync and import never see them:
//
//   oauth-tokens:<key>   access token, refresh token, granted scope, expiry (one JSON value)
//   oauth-client:<key>   the client id (and secret, if the server issued one) from registration
//
// The key is a hash of the server's URL: tokens are issued for a resource, and a config entry whose URL
// changes must not send the old resource's token to the new one. Tokens and client are separate entries
// because some keychains cap one value's size (Windows: 2.5 kB) and access tokens alone can be large.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { KeychainBackend } from '../secrets/keychain';

const tokenRecord = z.object({
  v: z.literal(1),
  server_url: z.string(),
  issuer: z.string().nullable(),
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().nullable(),
  scope: z.string().nullable(),
  /** Epoch milliseconds; null when the server gave no expires_in. */
  expires_at: z.number().nullable(),
  /** How long the token was valid when issued, for refreshing at the right moment. */
  lifetime_ms: z.number().nullable(),
  /** Scopes a server asked for since (insufficient_scope): the next sign-in asks for them too. */
  required_scope: z.string().nullable(),
  saved_at: z.number(),
});
export type TokenRecord = z.infer<typeof tokenRecord>;

const clientRecord = z.object({
  v: z.literal(1),
  server_url: z.string(),
  issuer: z.string().nullable(),
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  client_id_issued_at: z.number().optional(),
  client_secret_expires_at: z.number().optional(),
  redirect_uris: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
  /** The scope the registration allows, where the server said (a wider sign-in registers again). */
  scope: z.string().optional(),
});
export type ClientRecord = z.infer<typeof clientRecord>;

/** The URL tokens are bound to: the server's URL without a fragment (which never reaches the server). */
export function canonicalServerUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function accountKey(serverUrl: string): string {
  return createHash('sha256').update(canonicalServerUrl(serverUrl)).digest('hex').slice(0, 32);
}

export const tokensAccount = (serverUrl: string) => `oauth-tokens:${accountKey(serverUrl)}`;
export const clientAccount = (serverUrl: string) => `oauth-client:${accountKey(serverUrl)}`;

/** A stored value that does not parse is treated as absent: it was not written by this version. */
function parse<T>(schema: z.ZodType<T>, raw: string | null, serverUrl: string): T | null {
  if (raw === null) return null;
  try {
    const value = schema.parse(JSON.parse(raw));
    // Bound to the URL it was issued for, whatever the hash says.
    return (value as { server_url: string }).server_url === canonicalServerUrl(serverUrl) ? value : null;
  } catch {
    return null;
  }
}

export class TokenRecords {
  constructor(readonly backend: KeychainBackend) {}

  async readTokens(serverUrl: string): Promise<TokenRecord | null> {
    return parse(tokenRecord, await this.backend.get(tokensAccount(serverUrl)), serverUrl);
  }

  async writeTokens(record: TokenRecord): Promise<void> {
    await this.backend.set(tokensAccount(record.server_url), JSON.stringify(tokenRecord.parse(record)));
  }

  async deleteTokens(serverUrl: string): Promise<boolean> {
    return this.backend.delete(tokensAccount(serverUrl));
  }

  async readClient(serverUrl: string): Promise<ClientRecord | null> {
    return parse(clientRecord, await this.backend.get(clientAccount(serverUrl)), serverUrl);
  }

  async writeClient(record: ClientRecord): Promise<void> {
    await this.backend.set(clientAccount(record.server_url), JSON.stringify(clientRecord.parse(record)));
  }

  async deleteClient(serverUrl: string): Promise<boolean> {
    return this.backend.delete(clientAccount(serverUrl));
  }
}
