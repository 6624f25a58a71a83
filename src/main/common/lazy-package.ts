// Loads a package the first time it is used instead of when the gateway starts. Every static import is
// evaluated before the first `tools/list` can be answered, and several libraries serve only some paths:
// jose (HTTP resource-server auth), yaml (manifest, guidance and policy files), ajv (the first invoke),
// jsonc-parser, smol-toml, porter2, re2js — together about 110 ms of a 460 ms cold start (issue 15,
// measured with bench/profile/start-time.mjs). `require` keeps each use synchronous; every one of these
// packages ships CommonJS, and none is loaded by the SDK, so no second copy comes into being.
import { createRequire } from 'node:module';

const requirePackage = createRequire(import.meta.url);

/** A getter for the package `name`, loaded on its first call. Type it as `lazyPackage<typeof import('x')>('x')`. */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requirePackage(name) as T;
    return loaded;
  };
}
