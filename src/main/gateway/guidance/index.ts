// Guidance for agents at four depths (contract §6): L0 a line in the server instructions, L1 a
// `code_hint` per card, L2 a `code_snippet` in describe, L3 a Markdown resource. `loadGuidance` reads
// the settings once; gateway.refresh calls it again, so an edited guidance.yaml applies without restart.
import { homedir } from 'node:os';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { readRegularFile } from '../../common/read-file';
import { codeHintFor, type CodeHint, type HintInput } from './hints';
import { parseGuidanceText, type GuidanceIssue } from './parse';
import { guidanceCandidates, type GuidanceSourceKind } from './paths';
import { GUIDANCE_RESOURCE, GUIDANCE_URI, isGuidanceUri, readGuidanceResource } from './resource';
import { defaultSettings, type GuidanceSettings } from './settings';
import { codeSnippetFor } from './snippets';

export { applyPmcpGuidanceImport, planPmcpGuidanceImport } from './import';
export { withLegacyResourceNotFound } from './legacy-not-found';
export { GUIDANCE_URI, isGuidanceUri, PMCP_GUIDANCE_URI, resourceNotFoundCode } from './resource';
export type { CodeHint } from './hints';
export type { GuidanceIssue } from './parse';
export type { GuidanceSettings } from './settings';

export interface LoadGuidanceOptions {
  env?: NodeJS.ProcessEnv;
  homeDir?: string;
  platform?: NodeJS.Platform;
  path?: string | null;
}

export interface GuidanceSource {
  kind: GuidanceSourceKind | 'default';
  path: string | null;
}

export interface DescribedTool extends HintInput {
  inputSchema?: Record<string, unknown>;
}

export interface Guidance {
  settings: GuidanceSettings;
  source: GuidanceSource;
  issues: GuidanceIssue[];
  /** L3 on: list the resource and answer reads of both URIs. */
  resourceEnabled: boolean;
  /** `enable_telemetry`: whether answers may carry `feedback_hint`. */
  telemetryEnabled: boolean;
  /** L0 (plus custom_instructions), or null. `toolNames`: the meta-tools actually listed to this client. */
  instructionsLine(options?: { toolNames?: readonly string[] }): string | null;
  /** The server instructions: `base` followed by the L0 line when there is one. */
  instructions(base: string, options?: { toolNames?: readonly string[] }): string;
  /** L1 for a capability card, or null (layer off, or no pattern fits max_hint_length). */
  codeHint(tool: HintInput): CodeHint | null;
  /** L2 for describe, or null (layer off). */
  codeSnippet(toolId: string, tool: DescribedTool): string | null;
  listResources(): Resource[];
  /** The resource for either URI, or null: the caller answers resource-not-found (resourceNotFoundCode). */
  readResource(uri: string): ReadResourceResult | null;
}

function readSettings(options: LoadGuidanceOptions): { settings: GuidanceSettings; source: GuidanceSource; issues: GuidanceIssue[] } {
  const homeDir = options.homeDir ?? homedir();
  const candidates = guidanceCandidates({ env: options.env ?? process.env, homeDir, platform: options.platform, path: options.path });
  for (const candidate of candidates) {
    // The user's own file: it may be a link, but only to a regular file, and never larger than the cap.
    const read = readRegularFile(candidate.path, { followSymlink: true });
    if (!read.ok) {
      if (read.code === 'missing' && candidate.kind !== 'explicit') continue;
      const why = read.code === 'missing' ? 'the file does not exist' : `the file ${read.reason}`;
      const issue: GuidanceIssue = { path: candidate.path, line: null, column: null, field: null, message: `${why}; using the default guidance (minimal)`, severity: 'error' };
      return { settings: defaultSettings(), source: { kind: candidate.kind, path: candidate.path }, issues: [issue] };
    }
    const parsed = parseGuidanceText(read.bytes.toString('utf8'), candidate.path);
    return { ...parsed, source: { kind: candidate.kind, path: candidate.path } };
  }
  return { settings: defaultSettings(), source: { kind: 'default', path: null }, issues: [] };
}

const L0_LINE =
  'If you can run code that calls MCP tools, orchestrate with it: call gateway.invoke in loops with filters, ' +
  'if/else and try/catch, and keep only the results you need.';

export function loadGuidance(options: LoadGuidanceOptions = {}): Guidance {
  const { settings, source, issues } = readSettings(options);
  const { layers } = settings;

  const instructionsLine: Guidance['instructionsLine'] = (opts) => {
    if (!layers.mcp_instructions) return null;
    // True claims only: without gateway.invoke on this client's list the advice could not be followed.
    if (opts?.toolNames && !opts.toolNames.includes('gateway.invoke')) return settings.custom_instructions;
    const guide = layers.methodology_resource ? ` Guide: resource ${GUIDANCE_URI}.` : '';
    return [`${L0_LINE}${guide}`, settings.custom_instructions].filter(Boolean).join('\n');
  };

  return {
    settings,
    source,
    issues,
    resourceEnabled: layers.methodology_resource,
    telemetryEnabled: settings.enable_telemetry,
    instructionsLine,
    instructions(base, opts) {
      const line = instructionsLine(opts);
      return line ? `${base}\n\n${line}` : base;
    },
    codeHint(tool) {
      return layers.code_hints ? codeHintFor(tool, settings.max_hint_length) : null;
    },
    codeSnippet(toolId, tool) {
      if (!layers.code_snippets) return null;
      // The snippet follows the tool's pattern even when hints are off or capped shorter.
      const hint = codeHintFor(tool, Number.MAX_SAFE_INTEGER) ?? 'try/catch';
      return codeSnippetFor(hint, toolId, tool.inputSchema ?? {}, settings.max_snippet_lines);
    },
    listResources() {
      return layers.methodology_resource ? [GUIDANCE_RESOURCE] : [];
    },
    readResource(uri) {
      return layers.methodology_resource && isGuidanceUri(uri) ? readGuidanceResource(uri) : null;
    },
  };
}
