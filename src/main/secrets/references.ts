// Which `${NAME}` references a server's env values or headers hold: the only names its child (or its
// remote connection) may receive, and the names resolution looks up.
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

export function referencedNames(values: Record<string, string>): string[] {
  const names = new Set<string>();
  for (const value of Object.values(values)) for (const match of value.matchAll(REFERENCE)) names.add(match[1] as string);
  return [...names].sort();
}
