// gateway.search_registry reads a copy of the MCP Registry's metadata kept on disk, not one round trip
// per query: the copy is the latest version of every server (`GET /v0/servers?version=latest`, page by
// page through metadata.nextCursor), fresh for six hours and searched locally with the same ranking as
// the manifest. When the registry cannot be reached the failure is remembered for ten minutes (the same
// failures record registry-client.ts keeps, so both paths wait it out together) and an older copy
// answers, marked stale, rather than nothing.
import { statSync } from 'node:fs';
import { writeFileAtomic } from '../common/atomic-write';
import { asRecord, readJson } from '../common/json-file';
import { readResponseCapped } from '../common/read-response';
import { buildRanker, queryTerms, type Ranker, weightedTerms } from './bm25';
import { cacheFile } from './paths';
import { checkRegistryUrl } from './public-url';
import { FAILURE_TTL_MS, REGISTRY_MAX_BYTES, REGISTRY_TIMEOUT_MS, type RegistryAnswer, recordRegistryFailure, registryBase, registryFailure, searchRegistry } from './registry-client';
import { parseRegistryServers, type RegistryResult } from './registry-parse';
import type { DiscoveryContext } from './types';

export const COPY_TTL_MS = 6 * 60 * 60 * 1000;
const PAGE_SIZE = 100;
/** 500 pages of 100 is far more than the registry holds; the bound stops a cursor that never ends. */
export const MAX_PAGES = 500;
/**
 * The whole copy, every page together: a registry that keeps answering slowly is cut off here, before
 * an MCP client's usual 60 s request timeout gives up on the search_registry call that is waiting.
 */
export const COPY_DEADLINE_MS = 45_000;
/** And at this many bytes, so a hostile registry cannot fill memory one capped page at a time. */
export const COPY_MAX_BYTES = 64 * 1024 * 1024;

export interface RegistryCopy {
  base: string;
  fetched_at: number;
  servers: RegistryResult[];
}

export type CopySearch =
  | { ok: true; results: RegistryResult[]; servers: number; fetched_at: number; stale: boolean; refreshed: boolean; note: string | null }
  | { ok: false; code: 'E201' | 'E204'; message: string; next_step: string; cached: boolean };

const NEXT_STEP = 'retry later, or add the server to .mcp.json by hand; request_capability and the built-in manifest work offline';

export function copyPath(ctx: DiscoveryContext): string {
  return cacheFile(ctx, 'registry-copy.json');
}

/** The copy last read, by file and modification time: a search does not parse megabytes of JSON again. */
let held: { path: string; mtimeMs: number; copy: RegistryCopy | null } | null = null;

function readCopy(ctx: DiscoveryContext, base: string): RegistryCopy | null {
  const path = copyPath(ctx);
  const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  if (held?.path !== path || held.mtimeMs !== mtimeMs) {
    const raw = readJson(path);
    const valid = typeof raw.base === 'string' && typeof raw.fetched_at === 'number' && Array.isArray(raw.servers);
    held = { path, mtimeMs, copy: valid ? { base: raw.base as string, fetched_at: raw.fetched_at as number, servers: raw.servers as RegistryResult[] } : null };
  }
  return held.copy?.base === base ? held.copy : null;
}

/** Every page of the registry's latest versions. Throws with a one-line reason. */
async function download(url: URL): Promise<RegistryResult[]> {
  const servers = new Map<string, RegistryResult>();
  const deadline = AbortSignal.timeout(COPY_DEADLINE_MS);
  let cursor: string | null = null;
  let bytes = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const pageUrl = new URL(`${url.pathname.replace(/\/+$/, '')}/v0/servers`, url);
    pageUrl.search = new URLSearchParams({ limit: String(PAGE_SIZE), version: 'latest', ...(cursor ? { cursor } : {}) }).toString();
    const signal = AbortSignal.any([AbortSignal.timeout(REGISTRY_TIMEOUT_MS), deadline]);
    const response = await fetch(pageUrl, { signal, redirect: 'error', headers: { accept: 'application/json' } }).catch((error: unknown) => {
      if (deadline.aborted) throw new Error(`the copy took longer than ${COPY_DEADLINE_MS / 1000} s (page ${page + 1})`);
      throw error;
    });
    if (!response.ok) throw new Error(`HTTP ${response.status} on page ${page + 1}`);
    const text = await readResponseCapped(response, REGISTRY_MAX_BYTES, `page ${page + 1} of the registry`);
    bytes += text.length;
    if (bytes > COPY_MAX_BYTES) throw new Error(`the registry's listing is larger than ${COPY_MAX_BYTES / 1024 / 1024} MB`);
    const body: unknown = JSON.parse(text);
    for (const server of parseRegistryServers(body)) servers.set(server.name, server);
    const next = asRecord(asRecord(body).metadata).nextCursor;
    if (typeof next !== 'string' || !next || next === cursor) return [...servers.values()];
    cursor = next;
  }
  throw new Error(`more than ${MAX_PAGES} pages; the registry's cursor does not end`);
}

type CopyAnswer = { ok: true; copy: RegistryCopy; stale: boolean; refreshed: boolean; note: string | null } | Extract<CopySearch, { ok: false }>;

/** Downloads in progress by copy file: concurrent searches share one instead of each starting their own. */
const downloading = new Map<string, Promise<CopyAnswer>>();

/** The copy for this registry: the one on disk while fresh, else a new download (failures remembered). */
export async function registryCopy(ctx: DiscoveryContext, now = Date.now()): Promise<CopyAnswer> {
  const base = registryBase(ctx);
  const onDisk = readCopy(ctx, base);
  if (onDisk && now - onDisk.fetched_at < COPY_TTL_MS) return { ok: true, copy: onDisk, stale: false, refreshed: false, note: null };
  const key = `${copyPath(ctx)}|${base}`;
  const running = downloading.get(key);
  if (running) return running;
  const started = refreshCopy(ctx, base, onDisk, now).finally(() => downloading.delete(key));
  downloading.set(key, started);
  return started;
}

async function refreshCopy(ctx: DiscoveryContext, base: string, held: RegistryCopy | null, now: number): Promise<CopyAnswer> {
  const failed = registryFailure(ctx, base, now);
  if (failed) {
    const message = `The MCP Registry (${base}) was unreachable ${Math.round((now - failed.at) / 1000)} s ago: ${failed.message}. Not retried for ${FAILURE_TTL_MS / 60_000} minutes.`;
    return held ? { ok: true, copy: held, stale: true, refreshed: false, note: message } : { ok: false, code: 'E201', message, next_step: NEXT_STEP, cached: true };
  }
  const checked = await checkRegistryUrl(base, ctx.env.GATEHOUSE_REGISTRY_ALLOW_LOOPBACK === '1');
  if (!checked.ok) {
    return { ok: false, code: 'E204', message: `Registry search refused: ${checked.reason}.`, next_step: 'set GATEHOUSE_REGISTRY_URL to a public https registry, or unset it', cached: false };
  }
  try {
    const copy: RegistryCopy = { base, fetched_at: now, servers: await download(checked.url) };
    writeFileAtomic(copyPath(ctx), `${JSON.stringify(copy)}\n`);
    return { ok: true, copy, stale: false, refreshed: true, note: null };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${REGISTRY_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message.slice(0, 200) : String(error);
    recordRegistryFailure(ctx, base, reason, now);
    const message = `The MCP Registry (${base}) is unreachable: ${reason}.`;
    return held ? { ok: true, copy: held, stale: true, refreshed: false, note: message } : { ok: false, code: 'E201', message, next_step: NEXT_STEP, cached: false };
  }
}

/** The last copy ranked, kept while its servers are the same array: searching re-stems nothing. */
let ranked: { servers: readonly RegistryResult[]; ranker: Ranker; byName: Map<string, RegistryResult> } | null = null;

/** The copy's servers ranked for the query: name, then package, then description. */
export function searchCopy(servers: readonly RegistryResult[], query: string, limit: number): RegistryResult[] {
  if (ranked?.servers !== servers) {
    const docs = servers.map((s) => ({ id: s.name, terms: weightedTerms(s.name.split('/').pop() ?? s.name, s.package ? [s.package.replace(/@[^@/]*$/u, '')] : [], s.description ?? '') }));
    ranked = { servers, ranker: buildRanker(docs), byName: new Map(servers.map((s) => [s.name, s])) };
  }
  const { ranker, byName } = ranked;
  return ranker
    .rank(queryTerms(query))
    .slice(0, limit)
    .flatMap((hit) => byName.get(hit.id) ?? []);
}

export async function searchRegistryCopy(ctx: DiscoveryContext, query: string, limit: number, now = Date.now()): Promise<CopySearch> {
  const got = await registryCopy(ctx, now);
  if (!got.ok) return got;
  return { ok: true, results: searchCopy(got.copy.servers, query, limit), servers: got.copy.servers.length, fetched_at: got.copy.fetched_at, stale: got.stale, refreshed: got.refreshed, note: got.note };
}

/**
 * request_capability's and catalog_search's registry tier: the copy when one is fresh (no round trip,
 * works offline), else the registry's own search with its per-query cache. Never downloads a copy: that
 * is search_registry's to do, where an agent asked for the registry.
 */
export async function searchRegistryQuick(ctx: DiscoveryContext, query: string, limit: number, now = Date.now()): Promise<RegistryAnswer> {
  const copy = readCopy(ctx, registryBase(ctx));
  if (copy && now - copy.fetched_at < COPY_TTL_MS) return { ok: true, results: searchCopy(copy.servers, query, limit), cached: true };
  return searchRegistry(ctx, query, limit, now);
}
