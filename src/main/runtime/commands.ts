// `mcp verify` and `mcp prepare` as functions that return a result object instead of printing, so the
// CLI and Electron main (over IPC) send the same documents. Exit codes follow python-runtime.md §9.
import { resolve } from 'node:path';
import type { GatehouseDirs } from '../common/dirs';
import type { RuntimeIssue } from './issue';
import { explainMissingRoot } from './missing-root';
import { prepareProfiles } from './prepare';
import { Redactor } from './redact';
import { failureDocument, preparationDocument, verificationDocument, type FailureDocument, type PreparationDocument, type VerificationDocument } from './results';
import { verifyRuntime } from './verify';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
export const EXIT_FAILED = 3;

export interface RuntimeCommandOptions {
  root: string;
  offline: boolean;
  cacheDir: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd?: string;
  dirs?: GatehouseDirs;
  uvCommand?: string | null;
  /** Values to hide beyond what the environment reveals (e.g. resolved secrets). */
  secrets?: string[];
}

export interface CommandOutcome<D> {
  exitCode: number;
  document: D | FailureDocument;
  /** The one stdout line without --json (success), or the stderr message after "gatehouse: " (failure). */
  line: string;
}

export async function verifyCommand(options: RuntimeCommandOptions): Promise<CommandOutcome<VerificationDocument>> {
  const redactor = Redactor.fromEnv(options.env, options.secrets);
  const outcome = await verifyRuntime({ ...options, createCache: false });
  if (!outcome.verified) return failed('McpVerification', outcome.root, explained(outcome.errors, options, outcome.root), redactor);
  const document = verificationDocument(outcome.verified, options.offline);
  return {
    exitCode: EXIT_OK,
    document,
    line: `MCP runtime verified: ${document.servers.length} server(s) in ${document.root} (${document.uvVersion})`,
  };
}

export async function prepareCommand(options: RuntimeCommandOptions): Promise<CommandOutcome<PreparationDocument>> {
  const redactor = Redactor.fromEnv(options.env, options.secrets);
  const outcome = await verifyRuntime({ ...options, createCache: true });
  if (!outcome.verified) return failed('RuntimePreparation', outcome.root, explained(outcome.errors, options, outcome.root), redactor);
  const prepared = await prepareProfiles(outcome.verified, options.offline, redactor);
  if (!prepared.ok) return failed('RuntimePreparation', outcome.root, [prepared.issue], redactor);
  const document = preparationDocument(outcome.verified, options.offline, prepared.value);
  return { exitCode: EXIT_OK, document, line: `${document.status}: ${document.profileCount} dependency profile(s), policy ${document.policySha256}` };
}

/** A missing runtime root (or its policy) said in words, with what to run next. */
function explained(issues: RuntimeIssue[], options: RuntimeCommandOptions, canonical: string | null): RuntimeIssue[] {
  const root = resolve(options.cwd ?? process.cwd(), options.root);
  return issues.map((issue) => explainMissingRoot(issue, root, canonical));
}

function failed(kind: 'McpVerification' | 'RuntimePreparation', root: string | null, issues: Parameters<typeof failureDocument>[2], redactor: Redactor) {
  const document = failureDocument(kind, root, issues.slice(0, 1), redactor);
  return { exitCode: EXIT_FAILED, document, line: document.errors[0]?.message ?? 'runtime check failed' };
}
