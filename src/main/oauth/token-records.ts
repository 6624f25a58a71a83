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

/** What binds either record to its server: the format version, the URL it is for, who issued it. */
const boundRecord = z.object({
  v: z.literal(1),
  server_url: z.string(),
  issuer: z.string().nullable(),
});

/** Milliseconds (Date.now()), Gatehouse's own clock; a registration's *_at fields are the server's seconds. */
const Millis = z.number();

/** OAuth scopes as the protocol spells them: one string of space-separated tokens (RFC 6749 §3.3). */
const Scopes = z.string();

const tokenRecord = boundRecord.extend({
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().nullable(),
  scope: Scopes.nullable(),
  /** Null when the server gave no expires_in. */
  expires_at: Millis.nullable(),
  /** How long the token was valid when issued, for refreshing at the right moment. */
  lifetime_ms: Millis.nullable(),
  /** Scopes a server asked for since (insufficient_scope): the next sign-in asks for them too. */
  required_scope: Scopes.nullable(),
  saved_at: Millis,
});
export type TokenRecord = z.infer<typeof tokenRecord>;

const clientRecord = boundRecord.extend({
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  client_id_issued_at: z.number().optional(),
  client_secret_expires_at: z.number().optional(),
  redirect_uris: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
  /** The scope the registration allows, where the server said (a wider sign-in registers again). */
  scope: Scopes.optional(),
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

/**
 * One kind of record per server URL in the keychain. A stored value that does not parse is treated as
 * absent (it was not written by this version), and a record is bound to the URL it was issued for,
 * whatever the account's hash says; a write is validated before it is stored.
 */
function recordSlot<T extends { server_url: string }>(backend: KeychainBackend, schema: z.ZodType<T>, account: (serverUrl: string) => string) {
  return {
    read: async (serverUrl: string): Promise<T | null> => {
      const raw = await backend.get(account(serverUrl));
      if (raw === null) return null;
      try {
        const value = schema.parse(JSON.parse(raw));
        return value.server_url === canonicalServerUrl(serverUrl) ? value : null;
      } catch {
        return null;
      }
    },
    write: async (record: T): Promise<void> => {
      await backend.set(account(record.server_url), JSON.stringify(schema.parse(record)));
    },
    delete: (serverUrl: string): Promise<boolean> => backend.delete(account(serverUrl)),
  };
}

/** The OAuth tokens and the registered client of each remote server, in the OS keychain. */
export class TokenRecords {
  readonly readTokens: (serverUrl: string) => Promise<TokenRecord | null>;
  readonly writeTokens: (record: TokenRecord) => Promise<void>;
  readonly deleteTokens: (serverUrl: string) => Promise<boolean>;
  readonly readClient: (serverUrl: string) => Promise<ClientRecord | null>;
  readonly writeClient: (record: ClientRecord) => Promise<void>;
  readonly deleteClient: (serverUrl: string) => Promise<boolean>;

  constructor(readonly backend: KeychainBackend) {
    const tokens = recordSlot(backend, tokenRecord, tokensAccount);
    const client = recordSlot(backend, clientRecord, clientAccount);
    this.readTokens = tokens.read;
    this.writeTokens = tokens.write;
    this.deleteTokens = tokens.delete;
    this.readClient = client.read;
    this.writeClient = client.write;
    this.deleteClient = client.delete;
  }
}
