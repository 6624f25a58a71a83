// The OAuth tests' way of driving a core as an agent does: a meta-tool call that returns the answer's
// JSON body, and a sign-in through gateway.auth_connect with the browser approving in between.
import { expect } from 'vitest';
import type { CoreUnderTest } from '../../../helpers/core';
import { callMeta } from '../../../helpers/meta';
import { openInBrowser } from './browser';

export interface Answer {
  ok: boolean;
  message?: string;
  errors?: { code: string; message: string; suggestion?: string }[];
  [key: string]: unknown;
}

export type MetaCall = (name: string, args: Record<string, unknown>) => Promise<Answer>;

/** Calls on the core `core()` returns (set in beforeAll); every answer is also pushed onto `answers`. */
export function metaCaller(core: () => CoreUnderTest, answers: string[] = []): MetaCall {
  return async (name, args) => {
    const { body } = await callMeta<Answer>(core().client, name, args);
    answers.push(JSON.stringify(body));
    return body;
  };
}

/** auth_connect, the browser approving, auth_connect again; returns the authorization URL that was opened. */
export async function signInThroughBrowser(call: MetaCall, server: string): Promise<URL> {
  const started = await call('gateway.auth_connect', { server_name: server });
  expect(started).toMatchObject({ ok: true, oauth_status: 'pending' });
  await openInBrowser(String(started.authorization_url));
  expect(await call('gateway.auth_connect', { server_name: server })).toMatchObject({ ok: true, oauth_status: 'signed_in' });
  return new URL(String(started.authorization_url));
}
