// Allow/deny matching across layers (contract §5). Each file is a layer; a subject is allowed when no
// layer's denylist matches it and every layer with a non-empty allowlist matches it. That is exactly
// "deny beats allow; a non-empty allowlist must also match", and with a project layer on top it is
// "allowlists intersect, denylists add": the project file can narrow but never widen.
import { GlobList } from './glob';
import { LIST_SECTIONS, type ListSection, type PolicyLayer } from './types';

interface CompiledLayer {
  allow: GlobList;
  deny: GlobList;
}

export type SectionRules = Record<ListSection, CompiledLayer[]>;

export function compileRules(layers: readonly PolicyLayer[]): SectionRules {
  const rules = {} as SectionRules;
  for (const section of LIST_SECTIONS) {
    rules[section] = layers.map((layer) => ({
      allow: new GlobList(layer.lists[section].allowlist),
      deny: new GlobList(layer.lists[section].denylist),
    }));
  }
  return rules;
}

/** Allowed when any one spelling of the subject passes every layer (spellings are equivalent names). */
export function allowedBy(layers: readonly CompiledLayer[], spellings: readonly string[]): boolean {
  for (const layer of layers) {
    if (layer.deny.matchesAny(spellings)) return false;
    if (!layer.allow.empty && !layer.allow.matchesAny(spellings)) return false;
  }
  return true;
}

/**
 * For subjects read several ways (resource URIs, see resource-uri.ts): denied when a denylist matches any
 * `deny` reading; a non-empty allowlist must match every `allow` reading.
 */
export function allowedBySubjects(layers: readonly CompiledLayer[], subjects: { deny: readonly string[]; allow: readonly string[] }): boolean {
  for (const layer of layers) {
    if (layer.deny.matchesAny(subjects.deny)) return false;
    if (!layer.allow.empty && !subjects.allow.every((subject) => layer.allow.matches(subject))) return false;
  }
  return true;
}

const GATEWAY_PREFIX = 'gateway.';

/** `invoke` and `gateway.invoke` name the same meta-tool; a glob may be written either way. */
export function gatewayToolSpellings(name: string): { full: string; spellings: string[] } {
  const bare = name.startsWith(GATEWAY_PREFIX) ? name.slice(GATEWAY_PREFIX.length) : name;
  const full = `${GATEWAY_PREFIX}${bare}`;
  return { full, spellings: [full, bare] };
}

/**
 * `npm:name@range` / `pypi:name==1.2`: the full spec and the bare `ecosystem:name`, so `npm:left-pad`
 * matches every version while `npm:left-pad@1.*` matches only those specs. No semver logic yet.
 */
export function packageSpellings(spec: string): string[] {
  const colon = spec.indexOf(':');
  if (colon < 0) return [spec];
  const ecosystem = spec.slice(0, colon);
  const rest = spec.slice(colon + 1);
  let nameEnd: number;
  if (ecosystem === 'npm') {
    // A scoped name starts with `@`; the version separator is the next `@` after that.
    const at = rest.indexOf('@', rest.startsWith('@') ? 1 : 0);
    nameEnd = at < 0 ? rest.length : at;
  } else {
    const match = /[=<>!~@\s[;(]/u.exec(rest);
    nameEnd = match ? match.index : rest.length;
  }
  const bare = `${ecosystem}:${rest.slice(0, nameEnd)}`;
  return bare === spec ? [spec] : [spec, bare];
}
