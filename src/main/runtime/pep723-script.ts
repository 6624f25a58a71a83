// The TOML inside a `script` block: `dependencies` (required, PEP 508 strings), `requires-python`
// (optional), `[tool]` (free-form; `[tool.uv] exclude-newer` recommended). Anything else is a warning.
import type { Pep723Problem } from './pep723-problem';
import { parseToml, TomlDateTime, TomlError, type TomlTable, type TomlValue } from './toml/parse';

export interface ScriptMetadata {
  requiresPython: string | null;
  dependencies: string[];
  excludeNewer: string | null;
}

// A PEP 508 requirement starts with a distribution name; the rest (extras, specifiers, markers, URLs)
// is left to uv, which reports it precisely.
const REQUIREMENT = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?:\s*\[|\s*[<>=!~;@(]|\s*$)/;
const SPECIFIER = String.raw`\s*(?:~=|===|==|!=|<=|>=|<|>)\s*[0-9A-Za-z.*+!_-]+\s*`;
const SPECIFIER_SET = new RegExp(`^${SPECIFIER}(?:,${SPECIFIER})*$`);
const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;

const isTable = (value: TomlValue | undefined): value is TomlTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof TomlDateTime);

export function readScriptTable(lines: string[], openLine: number): { metadata: ScriptMetadata | null; problems: Pep723Problem[] } {
  const problems: Pep723Problem[] = [];
  // Content line n (1-based) sits on file line openLine + n.
  const fileLine = (contentLine: number) => openLine + contentLine;
  const lineOf = (pattern: RegExp): number => {
    const index = lines.findIndex((line) => pattern.test(line));
    return index === -1 ? openLine : fileLine(index + 1);
  };
  let table: TomlTable;
  try {
    table = parseToml(`${lines.join('\n')}\n`);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const { line, column } = fileSpot(lines, error, fileLine);
    problems.push({ kind: 'toml', severity: 'error', line, message: `invalid TOML in the script block on line ${line}, column ${column}: ${error.message}` });
    return { metadata: null, problems };
  }

  let usable = true;
  const dependencies: string[] = [];
  const rawDependencies = table.dependencies;
  const dependenciesLine = lineOf(/^\s*(?:dependencies|"dependencies"|'dependencies')\s*=/);
  if (rawDependencies === undefined) {
    usable = false;
    problems.push({ kind: 'missing-dependencies', severity: 'error', line: openLine, message: `the script block opened on line ${openLine} has no "dependencies" key; add \`dependencies = []\` even when it needs none` });
  } else if (!Array.isArray(rawDependencies)) {
    usable = false;
    problems.push({ kind: 'bad-dependency', severity: 'error', line: dependenciesLine, message: `"dependencies" on line ${dependenciesLine} must be an array of strings` });
  } else {
    for (const item of rawDependencies) {
      const line = typeof item === 'string' ? findQuoted(lines, item, fileLine) ?? dependenciesLine : dependenciesLine;
      if (typeof item !== 'string') {
        usable = false;
        problems.push({ kind: 'bad-dependency', severity: 'error', line, message: `"dependencies" on line ${line} holds a value that is not a string` });
      } else if (!REQUIREMENT.test(item.trim())) {
        usable = false;
        problems.push({ kind: 'bad-dependency', severity: 'error', line, message: `dependency "${item}" on line ${line} is not a PEP 508 requirement` });
      } else dependencies.push(item);
    }
  }

  let requiresPython: string | null = null;
  const rawRequires = table['requires-python'];
  if (rawRequires !== undefined) {
    const line = lineOf(/^\s*(?:requires-python|"requires-python"|'requires-python')\s*=/);
    if (typeof rawRequires !== 'string' || !SPECIFIER_SET.test(rawRequires)) {
      usable = false;
      problems.push({ kind: 'bad-requires-python', severity: 'error', line, message: `"requires-python" on line ${line} must be a version specifier string such as ">=3.10"` });
    } else requiresPython = rawRequires;
  }

  let excludeNewer: string | null = null;
  const tool = table.tool;
  if (tool !== undefined && !isTable(tool)) {
    usable = false;
    const line = lineOf(/^\s*tool\s*=/);
    problems.push({ kind: 'bad-tool', severity: 'error', line, message: `"tool" on line ${line} must be a table` });
  }
  const uv = isTable(tool) ? tool.uv : undefined;
  const rawExclude = isTable(uv) ? uv['exclude-newer'] : undefined;
  const excludeLine = lineOf(/^\s*(?:exclude-newer|"exclude-newer"|uv\.exclude-newer|tool\.uv\.exclude-newer)\s*=/);
  if (rawExclude instanceof TomlDateTime && (rawExclude.kind === 'offset-datetime' || rawExclude.kind === 'local-date')) excludeNewer = rawExclude.text;
  else if (typeof rawExclude === 'string' && RFC3339.test(rawExclude)) excludeNewer = rawExclude;
  else if (rawExclude !== undefined) {
    problems.push({ kind: 'bad-tool', severity: 'warn', line: excludeLine, message: `[tool.uv] exclude-newer on line ${excludeLine} is not an RFC 3339 date-time` });
  } else if (usable) {
    problems.push({ kind: 'no-exclude-newer', severity: 'info', line: openLine, message: `the script block opened on line ${openLine} sets no [tool.uv] exclude-newer, so a fresh resolution may pick newer releases` });
  }

  for (const key of Object.keys(table)) {
    if (key === 'dependencies' || key === 'requires-python' || key === 'tool') continue;
    const line = lineOf(new RegExp(`^\\s*(?:${escapeRegExp(key)}|"${escapeRegExp(key)}"|'${escapeRegExp(key)}')\\s*[=.]|^\\s*\\[\\s*${escapeRegExp(key)}\\b`));
    problems.push({ kind: 'unknown-key', severity: 'warn', line, message: `unknown key "${key}" on line ${line} in the script block; only "dependencies", "requires-python" and [tool] are defined` });
  }

  return { metadata: usable ? { requiresPython, dependencies, excludeNewer } : null, problems };
}

/**
 * Where a TOML error sits in the script file: content line n is file line openLine + n, and a content
 * column is two further right, past the "# " prefix. An error at the very end of the text (after the
 * final newline added for the parser) is put just past the end of the last line.
 */
function fileSpot(lines: string[], error: TomlError, fileLine: (n: number) => number): { line: number; column: number } {
  const contentLine = Math.min(error.line, Math.max(lines.length, 1));
  const column = contentLine === error.line ? error.column : (lines[contentLine - 1] ?? '').length + 1;
  return { line: fileLine(contentLine), column: column + 2 };
}

function findQuoted(lines: string[], value: string, fileLine: (n: number) => number): number | null {
  const index = lines.findIndex((line) => line.includes(`"${value}"`) || line.includes(`'${value}'`));
  return index === -1 ? null : fileLine(index + 1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
