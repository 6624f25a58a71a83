// Client ID metadata documents (SEP-991): when the authorization server says it fetches them and the
// config names one (client_id_metadata_document_url), Gatehouse uses that URL as its client id and does
// not register; the sign-in otherwise runs as usual (PKCE, resource indicator, tokens in the keychain).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { RemoteServerDefinition } from '../../../src/main/config/types';
import { RemoteOAuth } from '../../../src/main/oauth/remote-oauth';
import { TokenRecords } from '../../../src/main/oauth/token-records';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

const DOCUMENT_URL = 'https://gatehouse.example/oauth/client.json';

let as: AuthorizationServer;
let docs: ResourceServer;

beforeAll(async () => {
  as = await startAuthorizationServer({
    clientIdDocuments: {
      [DOCUMENT_URL]: {
        client_id: DOCUMENT_URL,
        client_name: 'Gatehouse',
        redirect_uris: ['http://127.0.0.1/oauth/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
      },
    },
  });
  docs = await startResourceServer(as.issuer);
});

afterAll(async () => {
  docs?.stop();
  await as?.close();
});

it('signs in with the document URL as client id, without registering', async () => {
  const backend = createOsKeychain(`dev.gatehouse.cimd.${randomBytes(4).toString('hex')}`);
  const records = new TokenRecords(backend);
  const oauth = new RemoteOAuth({ backend });
  const definition: RemoteServerDefinition = {
    name: 'docs', transport: 'http', url: docs.url, headers: {}, source: 'project', sourcePath: null, startupPolicy: 'lazy',
    auth: { clientIdMetadataDocumentUrl: DOCUMENT_URL },
  };
  const session = await oauth.signIn(definition);
  const url = new URL(String(session.authorizationUrl));
  expect(url.searchParams.get('client_id')).toBe(DOCUMENT_URL);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  const page = await openInBrowser(url.href);
  expect(page.body).toContain('Gatehouse is signed in to docs');
  expect(await session.done).toMatchObject({ ok: true });
  expect((await records.readClient(docs.url))?.client_id).toBe(DOCUMENT_URL);
  expect(Boolean((await records.readTokens(docs.url))?.access_token)).toBe(true);
});
