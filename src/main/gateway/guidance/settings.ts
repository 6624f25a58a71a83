// Guidance settings in PMCP's `guidance:` schema (contract §6). A level is a preset of the four layers;
// when the file names a level, the level decides and `layers` is ignored (with a warning where they
// disagree). Without a level, `layers` adjusts the default `minimal` preset.
export type GuidanceLevel = 'off' | 'minimal' | 'standard';

export interface GuidanceLayers {
  /** L0: one line in the server instructions. */
  mcp_instructions: boolean;
  /** L1: `code_hint` on capability cards. */
  code_hints: boolean;
  /** L2: `code_snippet` in describe. */
  code_snippets: boolean;
  /** L3: the Markdown resource gatehouse://guidance/code-execution. */
  methodology_resource: boolean;
}

export interface GuidanceSettings {
  level: GuidanceLevel;
  layers: GuidanceLayers;
  custom_instructions: string | null;
  max_hint_length: number;
  max_snippet_lines: number;
  /** Gates `feedback_hint`; off unless the operator opts in. */
  enable_telemetry: boolean;
}

export const LEVEL_LAYERS: Record<GuidanceLevel, GuidanceLayers> = {
  off: { mcp_instructions: false, code_hints: false, code_snippets: false, methodology_resource: false },
  minimal: { mcp_instructions: true, code_hints: true, code_snippets: false, methodology_resource: true },
  standard: { mcp_instructions: true, code_hints: true, code_snippets: true, methodology_resource: true },
};

export const LAYER_NAMES = Object.keys(LEVEL_LAYERS.off) as (keyof GuidanceLayers)[];

export const DEFAULT_SETTINGS: GuidanceSettings = {
  level: 'minimal',
  layers: { ...LEVEL_LAYERS.minimal },
  custom_instructions: null,
  max_hint_length: 8,
  max_snippet_lines: 4,
  enable_telemetry: false,
};

/** Bounds that keep a typo from flooding every card or describe answer. */
export const LIMITS = {
  max_hint_length: { min: 2, max: 64 },
  max_snippet_lines: { min: 1, max: 20 },
  custom_instructions: 2000,
} as const;

export function defaultSettings(): GuidanceSettings {
  return { ...DEFAULT_SETTINGS, layers: { ...DEFAULT_SETTINGS.layers } };
}
