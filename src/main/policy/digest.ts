// The policy digest shown in gateway.health (`policy_digest`): sha256 over a canonical form of what is
// enforced, so it changes exactly when enforcement changes, not when a file is reformatted or moved
// (paths, comments, key order and YAML-vs-JSON do not enter it).
import { createHash } from 'node:crypto';
import { LIST_SECTIONS, type PolicyLayer, type PolicyLimits } from './types';

export function effectiveDigest(layers: readonly PolicyLayer[], limits: PolicyLimits, builtins: boolean): string {
  const canonical = {
    layers: layers.map((layer) => ({
      kind: layer.kind === 'project' ? 'project' : 'base',
      lists: LIST_SECTIONS.map((section) => [section, layer.lists[section].allowlist, layer.lists[section].denylist]),
      patterns: layer.redaction.patterns.map((pattern) => pattern.source),
      ...(layer.exposure && { exposure: layer.exposure }),
    })),
    limits: [limits.max_tools_per_server, limits.max_output_bytes, limits.max_output_tokens, limits.max_binary_bytes],
    builtin_redaction: builtins,
  };
  return sha256(JSON.stringify(canonical));
}

/** A policy that failed to load enforces "deny every server"; its digest names the failure. */
export function failedDigest(message: string): string {
  return sha256(JSON.stringify({ invalid: message }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
