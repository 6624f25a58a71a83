// The JWKS behind resource-server auth (contract §8.1): fetched asynchronously, cached 300 s, at most
// 512 KB, no redirects, 5 s timeout; an unknown `kid` refetches at most once per 10 s. When the JWKS
// cannot be fetched, a cached key that fits still verifies (stale is better than down); only when no
// cached key fits is the caller told the keys are unavailable (503), which is not the token's fault.
import type { createLocalJWKSet, FlattenedJWSInput, JWSHeaderParameters, JSONWebKeySet } from 'jose';
import { lazyPackage } from '../../common/lazy-package';

// Loaded when the first bearer token is checked: a gateway without resource-server auth never needs it.
const jose = lazyPackage<typeof import('jose')>('jose');
import { readResponseCapped } from '../../common/read-response';

export const JWKS_CACHE_MS = 300_000;
export const JWKS_COOLDOWN_MS = 10_000;
export const JWKS_TIMEOUT_MS = 5_000;
export const JWKS_MAX_BYTES = 512 * 1024;

/** Thrown into jose's key lookup when no key can be had because the JWKS is unreachable. */
export class JwksUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the JWKS is unavailable: ${reason}`);
    this.name = 'JwksUnavailableError';
  }
}

export interface JwksCacheOptions {
  url: URL;
  cacheMs?: number;
  cooldownMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  now?: () => number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

type LocalSet = ReturnType<typeof createLocalJWKSet>;
type KeyResult = Awaited<ReturnType<LocalSet>>;

export class JwksCache {
  private keys: LocalSet | null = null;
  private fetchedAt = -Infinity;
  private lastAttempt = -Infinity;
  private lastError = 'not fetched yet';
  private inflight: Promise<boolean> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: JwksCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** How many fetches were attempted (tests assert the cooldown with it). */
  fetchCount = 0;

  /** jose key lookup: resolves a key, throws JWKSNoMatchingKey (token's fault) or JwksUnavailableError. */
  readonly getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<KeyResult> => {
    const fresh = this.keys !== null && this.now() - this.fetchedAt < (this.options.cacheMs ?? JWKS_CACHE_MS);
    let refreshed = false;
    if (!fresh) refreshed = await this.refresh();
    if (!this.keys) throw new JwksUnavailableError(this.lastError);
    try {
      return await this.keys(header, token);
    } catch (error) {
      if (!(error instanceof jose().errors.JWKSNoMatchingKey)) throw error;
      if (!fresh && !refreshed) throw new JwksUnavailableError(this.lastError); // stale keys, fetch failed, no fit
      if (refreshed) throw error; // just fetched: the key really is unknown
      // A fresh set without the kid: the issuer may have rotated keys. Refetch, within the cooldown.
      if (!(await this.refresh())) {
        if (this.now() - this.lastAttempt < this.cooldown() && this.lastError === 'ok') throw error;
        throw new JwksUnavailableError(this.lastError);
      }
      return await this.keys(header, token);
    }
  };

  private cooldown(): number {
    return this.options.cooldownMs ?? JWKS_COOLDOWN_MS;
  }

  /** One fetch at a time, at most one per cooldown; true when a new key set was installed. */
  private refresh(): Promise<boolean> {
    if (this.inflight) return this.inflight;
    if (this.now() - this.lastAttempt < this.cooldown()) return Promise.resolve(false);
    this.lastAttempt = this.now();
    this.fetchCount += 1;
    this.inflight = this.fetchOnce()
      .then((set) => {
        this.keys = set;
        this.fetchedAt = this.now();
        this.lastError = 'ok';
        return true;
      })
      .catch((error: unknown) => {
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.(`jwks: fetching ${this.options.url.origin}${this.options.url.pathname} failed: ${this.lastError}`);
        return false;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  private async fetchOnce(): Promise<LocalSet> {
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(this.options.url, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? JWKS_TIMEOUT_MS),
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : ''}`);
    }
    const text = await readResponseCapped(response, this.options.maxBytes ?? JWKS_MAX_BYTES, 'the JWKS');
    const set = JSON.parse(text) as JSONWebKeySet;
    return jose().createLocalJWKSet(set);
  }
}
