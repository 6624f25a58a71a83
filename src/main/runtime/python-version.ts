// Just enough of PEP 440 specifiers to find a constraint's lower bound: the policy floor must not
// admit a Python older than 3.10 (python-runtime.md §1, runtime.python-unsupported).
export const MIN_PYTHON: readonly [number, number] = [3, 10];

const CLAUSE = /^\s*(~=|===|==|!=|<=|>=|<|>)\s*([0-9A-Za-z.*+!_-]+)\s*$/;

export function isSpecifierSet(spec: string): boolean {
  return spec.split(',').every((clause) => CLAUSE.test(clause));
}

/** The lowest (major, minor) a specifier set admits, or null when it has no lower bound. */
export function pythonFloor(spec: string): [number, number] | null {
  let floor: [number, number] | null = null;
  for (const clause of spec.split(',')) {
    const match = CLAUSE.exec(clause);
    if (!match) return null;
    const op = match[1] as string;
    const parts = (match[2] as string).split('.').map((p) => Number.parseInt(p, 10));
    const major = parts[0] ?? Number.NaN;
    const minor = Number.isNaN(parts[1] ?? Number.NaN) ? 0 : (parts[1] as number);
    if (Number.isNaN(major)) continue;
    if (op === '>=' || op === '~=' || op === '==' || op === '===' || op === '>') {
      const candidate: [number, number] = [major, minor];
      if (!floor || compare(candidate, floor) > 0) floor = candidate;
    }
  }
  return floor;
}

export function compare(a: readonly [number, number], b: readonly [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** True when the constraint rules out every Python below 3.10. */
export function floorSupported(spec: string): boolean {
  const floor = pythonFloor(spec);
  return floor !== null && compare(floor, MIN_PYTHON) >= 0;
}

/** "3.12.4" (from `uv python find --show-version` or `python --version`) → [3, 12], else null. */
export function parsePythonVersion(text: string): [number, number] | null {
  const match = /(\d+)\.(\d+)(?:\.\d+)?/.exec(text);
  return match ? [Number(match[1]), Number(match[2])] : null;
}
