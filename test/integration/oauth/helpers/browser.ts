// The person's browser in the OAuth tests: a real HTTP client that opens the authorization URL and follows
// every redirect (login, consent, back to Gatehouse's loopback listener), keeping the authorization
// server's cookies as a browser would. Returns the page the flow ends on.
export interface BrowserVisit {
  status: number;
  url: string;
  body: string;
  /** Every URL visited, in order. */
  trail: string[];
}

export async function openInBrowser(start: string, maxSteps = 20): Promise<BrowserVisit> {
  const cookies = new Map<string, string>();
  const trail: string[] = [];
  let url = start;
  for (let step = 0; step < maxSteps; step++) {
    trail.push(url);
    const host = new URL(url).host;
    const jar = [...cookies.entries()].filter(([key]) => key.startsWith(`${host} `)).map(([key, value]) => `${key.slice(host.length + 1)}=${value}`);
    const response = await fetch(url, { redirect: 'manual', headers: jar.length ? { cookie: jar.join('; ') } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(`${host} ${pair.slice(0, eq).trim()}`, pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url).href;
      continue;
    }
    return { status: response.status, url, body: await response.text(), trail };
  }
  throw new Error(`the browser gave up after ${maxSteps} redirects: ${trail.join(' -> ')}`);
}
