// `"gatehouse": {"oauth": {"client_id": "...", "client_secret": "${NAME}"}}` in a remote entry: an OAuth
// client registered with the server's authorization server beforehand, for servers whose authorization
// server offers no dynamic registration. The client secret is never written in the file: the setting
// names a variable, resolved like any `${NAME}` (the environment, then the OS keychain: `gatehouse
// secrets set NAME`), so the file can be shared and committed.
import * as z from 'zod';
import type { PreregisteredClient } from './types';

const SECRET_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const LITERAL_SECRET =
  'client_secret must name a variable, as "${NAME}": the secret itself is kept in the OS keychain ("gatehouse secrets set NAME") or the environment, never in the config file';

export const OAuthClientEntrySchema = z
  .object({
    client_id: z.string({ error: 'client_id must be the id the authorization server issued (a string)' }).min(1, 'client_id must not be empty'),
    client_secret: z.string().regex(SECRET_REFERENCE, LITERAL_SECRET).optional(),
  })
  .strict();

export type OAuthClientProblem = { message: string; path: PropertyKey[] };

/** The entry's pre-registered client, or its problems (paths relative to the entry: `gatehouse.oauth…`). */
export function readOAuthClient(raw: unknown): { client: PreregisteredClient } | { problems: OAuthClientProblem[] } {
  const parsed = OAuthClientEntrySchema.safeParse(raw);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => ({ message: issue.message, path: ['gatehouse', 'oauth', ...issue.path] })) };
  const variable = parsed.data.client_secret ? SECRET_REFERENCE.exec(parsed.data.client_secret)?.[1] : undefined;
  return { client: { clientId: parsed.data.client_id, ...(variable ? { clientSecretVariable: variable } : {}) } };
}
