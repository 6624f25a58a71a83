// search_registry's client: server-side search on the MCP Registry (`/v0/servers?search=`), 5 s timeout,
// 2 MB cap, results cached on disk for an hour and failures for ten minutes per registry, so an offline
// machine pays the timeout once, not on every query (PMCP weakness). Never blocks the event loop.
import { writeFileAtomic } from '../common/atomic-write';
import { asRecord, readJson } from '../common/json-file';
import { cacheFile } from './paths';
import { checkRegistryUrl } from './public-url';
import { parseRegistryServers, type RegistryResult } from './registry-parse';
import type { DiscoveryContext } from './types';
import { readResponseCapped } from '../common/read-response';

export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';
export const REGISTRY_TIMEOUT_MS = 5_000;
export const REGISTRY_MAX_BYTES = 2 * 1024 * 1024;
export const RESULT_TTL_MS = 60 * 60 * 1000;
export const FAILURE_TTL_MS = 10 * 60 * 1000;
const MAX_CACHED_QUERIES = 200;

export type RegistryAnswer =
  | { ok: true; results: RegistryResult[]; cached: boolean }
  | { ok: false; code: 'E201' | 'E204'; message: string; next_step: string; cached: boolean };

interface CacheShape {
  results: Record<string, { at: number; results: RegistryResult[] }>;
  failures: Record<string, { at: number; message: string }>;
}

function readCache(path: string): CacheShape {
  const raw = readJson(path);
  return { results: asRecord(raw.results) as CacheShape['results'], failures: asRecord(raw.failures) as CacheShape['failures'] };
}

function writeCache(path: string, cache: CacheShape): void {
  const entries = Object.entries(cache.results).sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_CACHED_QUERIES);
  writeFileAtomic(path, `${JSON.stringify({ results: Object.fromEntries(entries), failures: cache.failures })}\n`);
}

/** The registry's last failure while it still counts (FAILURE_TTL_MS), or null. */
export function registryFailure(ctx: DiscoveryContext, base: string, now = Date.now()): { at: number; message: string } | null {
  const failed = readCache(cacheFile(ctx, 'registry-cache.json')).failures[base];
  return failed && now - failed.at < FAILURE_TTL_MS ? failed : null;
}

/** Remembers that the registry could not be reached, so neither search path asks it again for a while. */
export function recordRegistryFailure(ctx: DiscoveryContext, base: string, message: string, now = Date.now()): void {
  const path = cacheFile(ctx, 'registry-cache.json');
  const cache = readCache(path);
  cache.failures[base] = { at: now, message };
  writeCache(path, cache);
}

export function registryBase(ctx: DiscoveryContext): string {
  return (ctx.env.GATEHOUSE_REGISTRY_URL || DEFAULT_REGISTRY_URL).replace(/\/+$/, '');
}

export async function searchRegistry(ctx: DiscoveryContext, query: string, limit: number, now = Date.now()): Promise<RegistryAnswer> {
  const base = registryBase(ctx);
  const path = cacheFile(ctx, 'registry-cache.json');
  const cache = readCache(path);
  const key = `${base}|${query.trim().toLowerCase()}|${limit}`;
  const hit = cache.results[key];
  if (hit && now - hit.at < RESULT_TTL_MS) return { ok: true, results: hit.results, cached: true };
  const failed = cache.failures[base];
  const nextStep = 'retry later, or add the server to .mcp.json by hand; request_capability and the built-in manifest work offline';
  if (failed && now - failed.at < FAILURE_TTL_MS) {
    return { ok: false, code: 'E201', message: `The MCP Registry (${base}) was unreachable ${Math.round((now - failed.at) / 1000)} s ago: ${failed.message}. Not retried for 10 minutes.`, next_step: nextStep, cached: true };
  }
  const checked = await checkRegistryUrl(base, ctx.env.GATEHOUSE_REGISTRY_ALLOW_LOOPBACK === '1');
  if (!checked.ok) {
    return { ok: false, code: 'E204', message: `Registry search refused: ${checked.reason}.`, next_step: 'set GATEHOUSE_REGISTRY_URL to a public https registry, or unset it', cached: false };
  }
  const url = new URL(`${checked.url.pathname.replace(/\/+$/, '')}/v0/servers`, checked.url);
  url.search = new URLSearchParams({ search: query, limit: String(limit), version: 'latest' }).toString();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS), redirect: 'error', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const results = parseRegistryServers(JSON.parse(await readResponseCapped(response, REGISTRY_MAX_BYTES, 'the registry answer'))).slice(0, limit);
    cache.results[key] = { at: now, results };
    delete cache.failures[base];
    writeCache(path, cache);
    return { ok: true, results, cached: false };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${REGISTRY_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message.slice(0, 200) : String(error);
    cache.failures[base] = { at: now, message: reason };
    writeCache(path, cache);
    return { ok: false, code: 'E201', message: `The MCP Registry (${base}) is unreachable: ${reason}.`, next_step: nextStep, cached: false };
  }
}
