import { describe, expect, it } from 'vitest';
import { browserOpener, OpenUrlRefused } from '../../../src/main/shell/open-external';

function recording() {
  const opened: string[] = [];
  return { opened, open: browserOpener(async (url) => void opened.push(url)) };
}

describe('browserOpener', () => {
  it('opens http and https sign-in pages', async () => {
    const { opened, open } = recording();
    await open('https://auth.example/authorize?client_id=a&state=b');
    await open('http://127.0.0.1:4000/auth?x=1');
    expect(opened).toEqual(['https://auth.example/authorize?client_id=a&state=b', 'http://127.0.0.1:4000/auth?x=1']);
  });

  it.each(['file:///etc/passwd', 'smb://10.0.0.1/share', 'vscode://x/y', 'javascript:alert(1)', 'not a url', 'https://user:pw@auth.example/'])('refuses %s without opening anything', async (url) => {
    const { opened, open } = recording();
    const failure = await open(url).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OpenUrlRefused);
    expect((failure as Error).message).toMatch(/^\[OPEN_URL_REFUSED\] /);
    // The refusal names the scheme at most, never the URL's own text.
    expect((failure as Error).message).not.toContain(url.slice(url.indexOf(':') + 1) || url);
    expect(opened).toEqual([]);
  });
});
