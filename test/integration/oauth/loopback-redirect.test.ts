// The sign-in's loopback redirect listener (oauth/loopback-redirect.ts) on a real socket: only the
// callback path with the flow's own state counts; a forged state, another path or another method is
// refused and leaves the flow waiting; the page shown carries no code.
import { afterEach, expect, it } from 'vitest';
import { openLoopbackRedirect, type LoopbackRedirect } from '../../../src/main/oauth/loopback-redirect';

let listener: LoopbackRedirect | null = null;
afterEach(() => listener?.close());

it('ignores a forged state and other paths, then takes the real redirect once', async () => {
  listener = await openLoopbackRedirect('expected-state');
  expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
  let arrived = false;
  const callback = listener.callback().then((params) => {
    arrived = true;
    return params;
  });

  const forged = await fetch(`${listener.url}?code=stolen&state=wrong`);
  expect(forged.status).toBe(400);
  expect(await forged.text()).not.toContain('stolen');
  expect((await fetch(`${new URL(listener.url).origin}/elsewhere?code=x&state=expected-state`)).status).toBe(404);
  expect((await fetch(`${listener.url}?code=x&state=expected-state`, { method: 'POST' })).status).toBe(404);
  expect(arrived).toBe(false);

  const page = fetch(`${listener.url}?code=the-code&state=expected-state&iss=${encodeURIComponent('https://as.example.com')}`);
  expect(await callback).toEqual({ code: 'the-code', iss: 'https://as.example.com', error: null, errorDescription: null });
  listener.respond({ ok: true, message: 'Signed in.' });
  const shown = await page;
  expect(shown.status).toBe(200);
  expect(await shown.text()).not.toContain('the-code');
  // Used once: a replay of the same redirect is refused.
  expect((await fetch(`${listener.url}?code=the-code&state=expected-state`)).status).toBe(400);
});

it('delivers an authorization error and escapes it in the page', async () => {
  listener = await openLoopbackRedirect('s1');
  const page = fetch(`${listener.url}?state=s1&error=access_denied&error_description=${encodeURIComponent('<script>x</script>')}`);
  expect(await listener.callback()).toMatchObject({ code: null, error: 'access_denied', errorDescription: '<script>x</script>' });
  listener.respond({ ok: false, message: 'denied <script>x</script>' });
  const body = await (await page).text();
  expect(body).not.toContain('<script>x');
  expect(body).toContain('&#60;script&#62;');
});

it('listens on the registered port when it is free, and on another when it is taken', async () => {
  const first = await openLoopbackRedirect('a');
  const second = await openLoopbackRedirect('b', first.port);
  expect(second.port).not.toBe(first.port);
  first.close();
  second.close();
  const again = await openLoopbackRedirect('c', first.port);
  expect(again.port).toBe(first.port);
  again.close();
});
