// Checks one parsed file against the schema, every glob and every custom pattern, and turns problems
// into located issues that read like the contract's example:
// `unknown key "denlist" under "servers"` at the key's own line and column.
import type * as z from 'zod';
import { compileGlob } from './glob';
import type { FieldPath, ParsedText } from './parse-text';
import { compileCustomPattern } from '../redaction/custom-pattern';
import { PolicyFileSchema, type PolicyFile } from './schema';
import { LIST_SECTIONS, type CustomPattern, type PolicyIssue, type PolicyLayer, type PolicySourceKind } from './types';

export interface FileRef {
  path: string;
  kind: PolicySourceKind;
}

export type ValidateOutcome = { ok: true; layer: PolicyLayer; warnings: string[] } | { ok: false; issues: PolicyIssue[] };

export function validatePolicy(parsed: ParsedText, file: FileRef): ValidateOutcome {
  const issue = (path: FieldPath, reason: string, key?: string): PolicyIssue => {
    const place = parsed.locate(path, key);
    const fieldPath = key === undefined ? path : [...path, key];
    return { ...file, line: place?.line ?? null, column: place?.column ?? null, field: fieldName(fieldPath), reason };
  };

  // Globs and patterns are checked even when the schema fails, so one pass reports every problem.
  const issues: PolicyIssue[] = [];
  for (const section of LIST_SECTIONS) {
    for (const list of ['allowlist', 'denylist'] as const) {
      stringsAt(parsed.value, [section, list]).forEach(([glob, index]) => {
        const compiled = compileGlob(glob);
        if (!compiled.ok) issues.push(issue([section, list, index], `bad glob in ${section}.${list}[${index}]: ${compiled.reason}`));
      });
    }
  }
  const patterns: CustomPattern[] = [];
  stringsAt(parsed.value, ['redaction', 'patterns']).forEach(([source, index]) => {
    const result = compileCustomPattern(source);
    if (result.ok) patterns.push(result.pattern);
    else issues.push(issue(['redaction', 'patterns', index], `bad redaction pattern in redaction.patterns[${index}]: ${result.reason}`));
  });

  const checked = PolicyFileSchema.safeParse(parsed.value);
  if (!checked.success) issues.push(...checked.error.issues.flatMap((problem) => schemaIssues(problem, parsed.value, issue)));
  if (issues.length || !checked.success) return { ok: false, issues: inFileOrder(issues) };
  const data = checked.data;

  const warnings: string[] = [];
  let replaceDefaults = data.redaction?.replace_defaults ?? false;
  let layerPatterns = patterns;
  if (file.kind === 'project') {
    // A project file comes with whatever was cloned and needs no approval, so it may only narrow (deny,
    // lower limits). Dropping the built-ins would loosen redaction; adding patterns would run a stranger's
    // regexes on every answer. Both are ignored, with a note naming the file.
    if (replaceDefaults) warnings.push(`${file.path}: redaction.replace_defaults is ignored in a project policy (a project policy can only narrow)`);
    if (patterns.length) {
      warnings.push(`${file.path}: redaction.patterns (${patterns.length}) are ignored in a project policy: a cloned project cannot add code-like rules; put them in your own policy.yaml`);
    }
    replaceDefaults = false;
    layerPatterns = [];
  }
  return { ok: true, layer: toLayer(data, file, layerPatterns, replaceDefaults), warnings };
}

function toLayer(data: PolicyFile, file: FileRef, patterns: CustomPattern[], replaceDefaults: boolean): PolicyLayer {
  const lists = Object.fromEntries(
    LIST_SECTIONS.map((section) => [section, { allowlist: data[section]?.allowlist ?? [], denylist: data[section]?.denylist ?? [] }]),
  ) as PolicyLayer['lists'];
  const limits = data.limits ?? {};
  return {
    ...file,
    lists,
    limits: {
      max_tools_per_server: limits.max_tools_per_server ?? null,
      max_output_bytes: limits.max_output_bytes ?? null,
      max_output_tokens: limits.max_output_tokens ?? null,
      max_binary_bytes: limits.max_binary_bytes ?? null,
    },
    redaction: { patterns, replace_defaults: replaceDefaults },
    gateway_tools_profile: data.gateway_tools?.profile ?? null,
  };
}

type IssueMaker = (path: FieldPath, reason: string, key?: string) => PolicyIssue;

function schemaIssues(problem: z.core.$ZodIssue, root: unknown, issue: IssueMaker): PolicyIssue[] {
  const path = problem.path.filter((step): step is string | number => typeof step !== 'symbol');
  if (problem.code === 'unrecognized_keys') {
    const where = path.length ? `under ${JSON.stringify(fieldName(path))}` : 'at the top level';
    return problem.keys.map((key) => issue(path, `unknown key ${JSON.stringify(key)} ${where}`, key));
  }
  const actual = describeValue(valueAt(root, path));
  if (path.length === 0) {
    return [issue(path, `the policy must be a mapping of sections (servers, tools, resources, prompts, gateway_tools, packages, limits, redaction), not ${actual}`)];
  }
  const field = JSON.stringify(fieldName(path));
  if (path[0] === 'limits' && (problem.code === 'invalid_type' || problem.code === 'too_small')) {
    return [issue(path, `${field} must be a positive integer, not ${actual}`)];
  }
  if (problem.code === 'invalid_type') {
    return [issue(path, `${field} must be ${EXPECTED[problem.expected] ?? problem.expected}, not ${actual}`)];
  }
  return [issue(path, `${field}: ${problem.message}`)];
}

const EXPECTED: Record<string, string> = {
  object: 'a mapping',
  array: 'a list',
  string: 'a string',
  boolean: 'true or false',
  number: 'a number',
};

export function fieldName(path: FieldPath): string {
  return path.reduce<string>((name, step) => (typeof step === 'number' ? `${name}[${step}]` : name ? `${name}.${step}` : step), '');
}

/** Non-empty strings of the list at `path`, with their indexes; anything else is the schema's business. */
function stringsAt(root: unknown, path: FieldPath): [string, number][] {
  const list = valueAt(root, path);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, index): [string, number][] => (typeof item === 'string' && item !== '' ? [[item, index]] : []));
}

/** The first issue in the file is the one the E102 message quotes. */
function inFileOrder(issues: PolicyIssue[]): PolicyIssue[] {
  const rank = (value: number | null) => value ?? Number.POSITIVE_INFINITY;
  return [...issues].sort((a, b) => rank(a.line) - rank(b.line) || rank(a.column) - rank(b.column));
}

function valueAt(root: unknown, path: FieldPath): unknown {
  let value = root;
  for (const step of path) {
    // Own properties only: a `__proto__` key in the file is data, never the prototype.
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)})`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'a mapping';
}
