// The control panel's view of project trust: the review of each project file and the approve/revoke
// actions. Only the current project's own files can be approved here, and only with the digest the
// operator saw; every change reloads the config so the servers start or stop at once.
import { resolve } from 'node:path';
import type { ApproveProjectFileInput, ProjectTrustReport, TrustActionResult } from '../../shared/trust';
import { userServersOf } from '../config/load';
import type { EffectiveConfig } from '../config/types';
import { approveReviewed, revokeApproval, type TrustOutcome } from './approve';
import { approveHint, describeVerdict, projectTrustFiles, reviewProjectFiles } from './project-files';

export interface TrustPanelOptions {
  stateDir: string;
  projectRoot: string | null;
  /** Scrubs known secret values from command lines before they leave the main process. */
  redact: (text: string) => string;
  /** Re-reads the config so the servers start or stop at once (the core's reload). */
  reload: () => Promise<unknown>;
  /** The config in effect: the review says when a project entry would replace one of the user's own servers. */
  config?: () => EffectiveConfig;
}

export function createTrustPanelApi(options: TrustPanelOptions) {
  const { stateDir, projectRoot } = options;
  const report = (): ProjectTrustReport => ({
    project_root: projectRoot,
    files: projectRoot
      ? reviewProjectFiles(stateDir, projectRoot, { userServers: options.config ? userServersOf(options.config().sources) : undefined }).map((file) => ({
          ...file,
          servers: file.servers.map((server) => ({ ...server, launches: options.redact(server.launches) })),
          problems: file.problems.map(options.redact),
          refusal: file.refusal === null ? null : options.redact(file.refusal),
        }))
      : [],
  });
  const projectFile = (path: string): string | null => {
    if (!projectRoot) return null;
    const wanted = resolve(path);
    return projectTrustFiles(projectRoot).find((file) => file.path === wanted)?.path ?? null;
  };
  const act = async (path: string, action: (file: string) => TrustOutcome): Promise<TrustActionResult> => {
    const file = projectFile(path);
    if (!file) return { ok: false, message: `${path} is not a trust-gated file of the current project`, report: report() };
    const outcome = action(file);
    if (outcome.ok) await options.reload();
    return { ok: outcome.ok, message: outcome.message, report: report() };
  };
  return {
    report,
    approve: (input: ApproveProjectFileInput) => act(input.path, (file) => approveReviewed(stateDir, file, input.sha256)),
    revoke: (input: { path: string }) => act(input.path, (file) => revokeApproval(stateDir, file)),
  };
}

/** Log lines for project files whose servers are withheld, each with the way to approve it. */
export function untrustedLines(config: EffectiveConfig): string[] {
  return config.sources.flatMap((readout) => {
    if (!readout.trust || readout.trust.state === 'approved' || !readout.path) return [];
    const names = [...(readout.withheld?.keys() ?? [])];
    return [`E404 trust: ${describeVerdict(readout.path, readout.trust)}; its servers are listed but not started (${names.join(', ') || 'none'}). To use them, ${approveHint(readout.path)}`];
  });
}
