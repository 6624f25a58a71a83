// Parses guidance.yaml (or PMCP's gateway-guidance.yaml) into settings plus located issues. A bad field
// falls back to its default on its own, so one typo does not silently undo the rest of the file (say,
// turn guidance back on for an operator who set `level: off`). Guidance is advice, not a security
// boundary, so a broken file degrades to defaults instead of stopping the gateway.
import type { Document, LineCounter } from 'yaml';
import { lazyPackage } from '../../common/lazy-package';
import { defaultSettings, LAYER_NAMES, LEVEL_LAYERS, LIMITS, type GuidanceLevel, type GuidanceSettings } from './settings';

// Loaded on the first file read (lazy-package.ts says why).
const yaml = lazyPackage<typeof import('yaml')>('yaml');

export interface GuidanceIssue {
  path: string;
  line: number | null;
  column: number | null;
  field: string | null;
  message: string;
  severity: 'error' | 'warning';
}

export interface ParsedGuidance {
  settings: GuidanceSettings;
  issues: GuidanceIssue[];
}

const KNOWN_KEYS = new Set(['level', 'layers', 'custom_instructions', 'max_hint_length', 'max_snippet_lines', 'enable_telemetry']);
const LEVELS: readonly GuidanceLevel[] = ['off', 'minimal', 'standard'];

export function parseGuidanceText(text: string, path: string): ParsedGuidance {
  const settings = defaultSettings();
  const issues: GuidanceIssue[] = [];
  const lineCounter = new (yaml().LineCounter)();
  const doc = yaml().parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const at = (keys: (string | number)[]) => place(doc, lineCounter, keys);
  const issue = (field: string | null, message: string, severity: 'error' | 'warning', keys: (string | number)[] = []) => {
    const where = keys.length ? at(keys) : null;
    issues.push({ path, line: where?.line ?? null, column: where?.column ?? null, field, message, severity });
  };

  const syntax = doc.errors[0];
  if (syntax) {
    const { line, col } = lineCounter.linePos(syntax.pos[0]);
    issues.push({ path, line, column: col, field: null, message: `YAML syntax error: ${syntax.message}; using the default guidance (minimal)`, severity: 'error' });
    return { settings, issues };
  }
  const root: unknown = doc.toJS({ maxAliasCount: 50 });
  if (root === null || root === undefined) return { settings, issues };
  if (!isRecord(root) || !isRecord(root.guidance)) {
    issue(null, 'expected a top-level "guidance:" mapping (PMCP\'s schema); using the default guidance (minimal)', 'error', ['guidance']);
    return { settings, issues };
  }
  const g = root.guidance;
  for (const key of Object.keys(g)) {
    if (!KNOWN_KEYS.has(key)) issue(`guidance.${key}`, `unknown key "${key}" is ignored; known keys: ${[...KNOWN_KEYS].join(', ')}`, 'warning', ['guidance', key]);
  }

  let level: GuidanceLevel | null = null;
  if (g.level !== undefined && g.level !== null) {
    if (typeof g.level === 'string' && (LEVELS as readonly string[]).includes(g.level)) level = g.level as GuidanceLevel;
    else issue('guidance.level', `level must be one of ${LEVELS.join(', ')}; using "minimal"`, 'error', ['guidance', 'level']);
  }

  const given: Partial<Record<(typeof LAYER_NAMES)[number], boolean>> = {};
  if (g.layers !== undefined && g.layers !== null) {
    if (!isRecord(g.layers)) issue('guidance.layers', 'layers must be a mapping of layer names to true/false', 'error', ['guidance', 'layers']);
    else {
      for (const [key, value] of Object.entries(g.layers)) {
        const name = LAYER_NAMES.find((n) => n === key);
        if (!name) issue(`guidance.layers.${key}`, `unknown layer "${key}" is ignored; layers: ${LAYER_NAMES.join(', ')}`, 'warning', ['guidance', 'layers', key]);
        else if (typeof value !== 'boolean') issue(`guidance.layers.${key}`, `${key} must be true or false`, 'error', ['guidance', 'layers', key]);
        else given[name] = value;
      }
    }
  }
  if (level) {
    settings.level = level;
    settings.layers = { ...LEVEL_LAYERS[level] };
    for (const [name, value] of Object.entries(given)) {
      if (settings.layers[name as keyof typeof given] !== value) {
        issue(`guidance.layers.${name}`, `layers.${name}: ${value} has no effect because level "${level}" decides the layers; remove level to set layers one by one`, 'warning', ['guidance', 'layers', name]);
      }
    }
  } else {
    settings.layers = { ...settings.layers, ...given };
  }

  if (g.custom_instructions !== undefined && g.custom_instructions !== null) {
    if (typeof g.custom_instructions !== 'string') issue('guidance.custom_instructions', 'custom_instructions must be text', 'error', ['guidance', 'custom_instructions']);
    else {
      const text = g.custom_instructions.trim();
      if (text.length > LIMITS.custom_instructions) {
        issue('guidance.custom_instructions', `custom_instructions is cut to ${LIMITS.custom_instructions} characters (every client session pays for them)`, 'warning', ['guidance', 'custom_instructions']);
      }
      settings.custom_instructions = text ? text.slice(0, LIMITS.custom_instructions) : null;
    }
  }
  for (const key of ['max_hint_length', 'max_snippet_lines'] as const) {
    const value = g[key];
    if (value === undefined || value === null) continue;
    const { min, max } = LIMITS[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) settings[key] = value;
    else issue(`guidance.${key}`, `${key} must be a whole number from ${min} to ${max}; using ${settings[key]}`, 'error', ['guidance', key]);
  }
  if (g.enable_telemetry !== undefined && g.enable_telemetry !== null) {
    if (typeof g.enable_telemetry === 'boolean') settings.enable_telemetry = g.enable_telemetry;
    else issue('guidance.enable_telemetry', 'enable_telemetry must be true or false; using false', 'error', ['guidance', 'enable_telemetry']);
  }
  return { settings, issues };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The line of a key path, falling back to its deepest existing parent. */
function place(doc: Document, lineCounter: LineCounter, keys: (string | number)[]): { line: number; column: number } | null {
  let node: unknown = doc.contents;
  let found: { line: number; column: number } | null = null;
  for (const key of keys) {
    if (!yaml().isMap(node)) break;
    const pair = node.items.find((item) => yaml().isScalar(item.key) && String(item.key.value) === String(key));
    if (!pair) break;
    const range = (pair.key as { range?: [number, number, number] } | null)?.range;
    if (range) {
      const { line, col } = lineCounter.linePos(range[0]);
      found = { line, column: col };
    }
    node = pair.value;
  }
  return found;
}
