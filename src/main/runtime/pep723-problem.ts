// What the PEP 723 reader reports, in a file of its own so the block reader (pep723.ts) and the script
// table reader (pep723-script.ts) can both use it without importing each other.
export type ProblemSeverity = 'error' | 'warn' | 'info';

export type Pep723ProblemKind =
  | 'encoding' | 'unclosed' | 'nested' | 'duplicate' | 'missing' | 'toml'
  | 'missing-dependencies' | 'bad-dependency' | 'bad-requires-python' | 'bad-tool' | 'unknown-key' | 'no-exclude-newer';

export interface Pep723Problem {
  kind: Pep723ProblemKind;
  severity: ProblemSeverity;
  /** 1-based line in the script file. */
  line: number;
  message: string;
}
