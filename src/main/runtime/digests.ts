// The digests a runtime policy binds (python-runtime.md §3). Each one is recomputed from the bytes it
// names; a digest is never trusted for looking well formed.
import { createHash } from 'node:crypto';
import { canonicalJson, compareCodePoints } from './canonical-json';

export const DIGEST = /^[0-9a-f]{64}$/;

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(typeof data === 'string' ? Buffer.from(data, 'utf8') : data).digest('hex');
}

/** `dependencyProfiles[].sha256`: canonical JSON of the sorted dependencies and the Python constraint. */
export function profileDigest(dependencies: readonly string[], requiresPython: string): string {
  const sorted = [...dependencies].sort(compareCodePoints);
  return sha256Hex(canonicalJson({ dependencies: sorted, requiresPython }));
}

/** `aggregateSha256`: canonical JSON of the whole policy without that one field. */
export function aggregateDigest(policy: Record<string, unknown>): string {
  const { aggregateSha256: _ignored, ...rest } = policy;
  return sha256Hex(canonicalJson(rest));
}
