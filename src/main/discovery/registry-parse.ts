// Turns the MCP Registry's v0 `servers` answer into search_registry results: latest versions only,
// credentials never included (only variable and header names), URLs without query or credentials.
import { asRecord } from '../common/json-file';
import { sanitizedUrl } from '../common/safe-url';

export interface RegistryResult {
  name: string;
  package: string | null;
  description: string | null;
  transport: string | null;
  env_vars: string[];
  url: string | null;
  remotes: { type: string; url: string }[];
  remote_headers: string[];
  registry_status: string | null;
  is_latest: boolean;
  server_card_url: string | null;
  protected_resource_metadata_url: string | null;
  authorization_server_metadata_url: string | null;
  declared_scopes: string[];
  declared_capabilities: string[];
  diagnostics: string[];
}

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const names = (v: unknown): string[] => list(v).map((x) => asRecord(x).name).filter((n): n is string => typeof n === 'string');
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function parseRegistryServers(body: unknown): RegistryResult[] {
  const byName = new Map<string, RegistryResult>();
  for (const item of list(asRecord(body).servers)) {
    const wrapper = asRecord(item);
    const server = asRecord(wrapper.server ?? wrapper);
    const meta = asRecord(asRecord(wrapper._meta ?? server._meta)[OFFICIAL]);
    const name = str(server.name);
    if (!name || meta.isLatest === false) continue;
    const diagnostics: string[] = [];
    const pkg = list(server.packages).map(asRecord).find((p) => p.registryType === 'npm' || p.registryType === 'pypi');
    let spec: string | null = null;
    if (pkg && str(pkg.identifier)) {
      const version = str(pkg.version) ?? str(server.version);
      spec = `${pkg.registryType === 'pypi' ? 'pypi:' : ''}${String(pkg.identifier)}${version ? `@${version}` : ''}`;
    } else if (list(server.packages).length) {
      diagnostics.push('only non-npm/PyPI packages (not provisionable by Gatehouse)');
    }
    const remotes = list(server.remotes).map(asRecord).flatMap((r) => {
      const url = sanitizedUrl(r.url);
      return url && typeof r.type === 'string' ? [{ type: r.type, url, headers: names(r.headers) }] : [];
    });
    if (!spec && !remotes.length) diagnostics.push('no installable package and no remote endpoint');
    const auth = asRecord(server.authorization ?? asRecord(server._meta).authorization);
    byName.set(name, {
      name,
      package: spec,
      description: str(server.description),
      transport: str(asRecord(pkg?.transport).type) ?? remotes[0]?.type ?? null,
      env_vars: names(pkg?.environmentVariables),
      url: remotes[0]?.url ?? null,
      remotes: remotes.map(({ type, url }) => ({ type, url })),
      remote_headers: [...new Set(remotes.flatMap((r) => r.headers))],
      registry_status: str(meta.status),
      is_latest: meta.isLatest !== false,
      server_card_url: sanitizedUrl(server.serverCardUrl ?? server.server_card_url),
      protected_resource_metadata_url: sanitizedUrl(auth.protectedResourceMetadataUrl),
      authorization_server_metadata_url: sanitizedUrl(auth.authorizationServerMetadataUrl),
      declared_scopes: list(auth.scopes).filter((s): s is string => typeof s === 'string'),
      declared_capabilities: Object.keys(asRecord(server.capabilities)),
      diagnostics,
    });
  }
  return [...byName.values()];
}
