// Contract §1: an explicit `null` means "not given". Clients that fill every field (some generate
// `"limit": null`) must get the default, not a validation error, so null-valued keys are removed from
// a meta-tool's own arguments before validation — at any depth of the gateway's own objects, but never
// inside `arguments` (the downstream tool's input, which is passed on exactly as sent).
const PASS_THROUGH = new Set(['arguments']);

export function dropNulls(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null) continue;
    out[key] = PASS_THROUGH.has(key) ? item : dropNulls(item);
  }
  return out;
}
