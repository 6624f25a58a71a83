// A loopback stand-in for npm's registry and a PyPI index, so the real `npm view` and Gatehouse's PyPI
// lookup run against known packages without the network: point npm_config_registry at `npmRegistry`
// and PIP_INDEX_URL at `pipIndex`. Only the releases listed exist; everything else is a 404.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Release {
  type: 'npm' | 'pypi';
  name: string;
  version: string;
  description: string;
  published: string;
  homepage: string;
}

export interface PackageRegistry {
  npmRegistry: string;
  pipIndex: string;
  /** Request paths, in order. */
  requests: string[];
  env(): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

function packument(releases: Release[]) {
  const [first] = releases;
  const latest = releases.at(-1) as Release;
  return {
    name: first?.name,
    'dist-tags': { latest: latest.version },
    versions: Object.fromEntries(releases.map((r) => [r.version, { name: r.name, version: r.version, description: r.description, homepage: r.homepage, dist: { tarball: 'http://127.0.0.1:9/none.tgz' } }])),
    time: { created: first?.published, modified: latest.published, ...Object.fromEntries(releases.map((r) => [r.version, r.published])) },
  };
}

export async function startPackageRegistry(releases: Release[]): Promise<PackageRegistry> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const pypi = /^\/pypi\/([^/]+)\/(?:([^/]+)\/)?json$/.exec(path);
    if (pypi) {
      const matching = releases.filter((r) => r.type === 'pypi' && r.name === pypi[1]);
      const release = pypi[2] ? matching.find((r) => r.version === pypi[2]) : matching.at(-1);
      if (!release) return send(404, { message: 'Not Found' });
      return send(200, { info: { name: release.name, version: release.version, summary: release.description, project_urls: { Homepage: release.homepage } }, urls: [{ upload_time_iso_8601: release.published }] });
    }
    const npm = releases.filter((r) => r.type === 'npm' && `/${r.name}` === path);
    if (npm.length) return send(200, packument(npm));
    return send(404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    npmRegistry: `${base}/`,
    pipIndex: `${base}/simple`,
    requests,
    env: () => ({ npm_config_registry: `${base}/`, PIP_INDEX_URL: `${base}/simple` }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
