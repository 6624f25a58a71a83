// `${NAME}` and `${NAME:-fallback}` in env and header values. `$NAME` stays literal, as in the clients
// that share `.mcp.json`.
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface Interpolated {
  values: Record<string, string>;
  /** Names that had no value and no fallback, sorted; the server cannot start until they exist. */
  missing: string[];
}

export function interpolateValues(
  input: Record<string, string>,
  lookup: (name: string) => string | undefined,
): Interpolated {
  const missing = new Set<string>();
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    values[key] = value.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
      const found = lookup(name);
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return '';
    });
  }
  return { values, missing: [...missing].sort() };
}
