// loadPolicy: find the files, read and validate them, and build the enforcement object the gateway asks.
// Fail closed (contract §5) — every invalid file, explicit or discovered, base or project, leaves a policy
// that denies every downstream server with E102 until the file is fixed and the policy reloaded.
import { existsSync } from 'node:fs';
import { effectiveDigest, failedDigest } from './digest';
import { decisionsFor } from './decisions';
import { baseCandidates, projectCandidates, type Candidate } from './paths';
import { formatIssue, readLayer } from './read-layer';
import { createRedaction } from '../redaction/pipeline';
import { patternSet } from '../redaction/patterns';
import { compileRules } from './rules';
import {
  DEFAULT_LIMITS,
  type GatewayToolsProfile,
  type LoadedPolicy,
  type LoadPolicyOptions,
  type PolicyError,
  type PolicyIssue,
  type PolicyLayer,
  type PolicyLimits,
  type PolicySource,
} from './types';

export const POLICY_NEXT_STEP = 'fix the policy file, then call gateway.refresh (or restart Gatehouse)';

export function loadPolicy(options: LoadPolicyOptions): LoadedPolicy {
  const sources: PolicySource[] = [];
  const layers: PolicyLayer[] = [];
  const issues: PolicyIssue[] = [];
  const warnings: string[] = [];

  const base = baseCandidates(options);
  const explicit = base[0]?.kind === 'explicit' ? base[0] : null;
  readFirst(base, { sources, layers, issues, warnings });
  if (explicit && !sources[0]?.exists) {
    issues.push({ ...explicit, line: null, column: null, field: null, reason: 'file not found (named by --policy or GATEHOUSE_POLICY)' });
  }
  readFirst(projectCandidates(options.projectRoot), { sources, layers, issues, warnings });

  const first = issues[0];
  const error: PolicyError | null = first ? { code: 'E102', message: formatIssue(first), next_step: POLICY_NEXT_STEP, issues } : null;
  const profile = gatewayToolsProfile(error ? [] : layers, options.env, warnings);
  return buildPolicy(sources, error ? [] : layers, error, warnings, profile);
}

/**
 * GATEHOUSE_TOOLS_PROFILE wins (one line in a client's config); then the base file; a project file (cloned,
 * unapproved) can choose core but not widen the list. Not a security setting: hidden tools stay callable.
 */
function gatewayToolsProfile(layers: readonly PolicyLayer[], env: NodeJS.ProcessEnv, warnings: string[]): GatewayToolsProfile {
  const fromEnv = env.GATEHOUSE_TOOLS_PROFILE?.trim();
  if (fromEnv === 'core' || fromEnv === 'full') return fromEnv;
  if (fromEnv) warnings.push(`GATEHOUSE_TOOLS_PROFILE="${fromEnv}" is neither core nor full; it is ignored`);
  const base = layers.find((layer) => layer.kind !== 'project')?.gateway_tools_profile;
  const project = layers.find((layer) => layer.kind === 'project')?.gateway_tools_profile;
  return base === 'full' && project !== 'core' ? 'full' : 'core';
}

interface Collected {
  sources: PolicySource[];
  layers: PolicyLayer[];
  issues: PolicyIssue[];
  warnings: string[];
}

/**
 * Reads the first existing candidate; later candidates are still listed (`used: false`). Within one
 * kind (policy.yaml beside policy.json) the other file is reported as ignored rather than merged.
 */
function readFirst(candidates: Candidate[], into: Collected): void {
  let chosen: Candidate | null = null;
  for (const candidate of candidates) {
    if (chosen) {
      const exists = existsSync(candidate.path);
      into.sources.push({ ...candidate, exists, used: false });
      if (exists && candidate.kind === chosen.kind) into.warnings.push(`${candidate.path} is ignored: ${chosen.path} is used instead`);
      continue;
    }
    const readout = readLayer(candidate);
    into.sources.push({ ...candidate, exists: readout.state !== 'missing', used: readout.state !== 'missing' });
    if (readout.state === 'missing') continue;
    chosen = candidate;
    if (readout.state === 'invalid') into.issues.push(...readout.issues);
    else {
      into.layers.push(readout.layer);
      into.warnings.push(...readout.warnings);
    }
  }
}

function effectiveLimits(layers: readonly PolicyLayer[]): PolicyLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(limits) as (keyof PolicyLimits)[]) {
    const baseValue = layers.find((layer) => layer.kind !== 'project')?.limits[key];
    const projectValue = layers.find((layer) => layer.kind === 'project')?.limits[key];
    // The base file sets a limit (up or down); the project file can only lower it.
    limits[key] = Math.min(baseValue ?? DEFAULT_LIMITS[key], projectValue ?? Number.POSITIVE_INFINITY);
  }
  return limits;
}

function buildPolicy(sources: PolicySource[], layers: PolicyLayer[], error: PolicyError | null, warnings: string[], profile: GatewayToolsProfile): LoadedPolicy {
  const limits = effectiveLimits(layers);
  const replaceDefaults = layers.find((layer) => layer.kind !== 'project')?.redaction.replace_defaults ?? false;
  // With an error the custom patterns are unknown: the built-ins still run, so redaction never loosens.
  const patterns = patternSet(error ? [] : layers.flatMap((layer) => layer.redaction.patterns), error ? false : replaceDefaults);
  const patternsOnly = createRedaction({ patterns: () => patterns });
  const decisions = decisionsFor(compileRules(layers), error, sources);

  return {
    sources,
    error,
    warnings,
    digest: error ? failedDigest(error.message) : effectiveDigest(layers, limits, !replaceDefaults),
    limits,
    gatewayToolsProfile: profile,
    ...decisions,
    outputBudget(maxOutputChars) {
      const tokenChars = limits.max_output_tokens * 4;
      return {
        max_bytes: limits.max_output_bytes,
        max_chars: maxOutputChars ? Math.min(maxOutputChars, tokenChars) : tokenChars,
        max_binary_bytes: limits.max_binary_bytes,
      };
    },
    patterns,
    redactText: (text) => patternsOnly.text(text),
    redactDeep: (value) => patternsOnly.value(value),
  };
}
