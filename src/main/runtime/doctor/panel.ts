// The doctor panel's entry point: the same runDoctor the CLI uses, asked with the panel's request
// shape (DoctorRequestSchema), answering the same document the CLI prints with --json.
import type * as z from 'zod';
import type { DoctorRequestSchema } from '../../../shared/runtime';
import type { FailureDocument } from '../results';
import { runDoctor, type DoctorDocument } from './doctor';

export type DoctorRequest = z.infer<typeof DoctorRequestSchema>;

export interface DoctorContext {
  env: NodeJS.ProcessEnv;
  /** The runtime root when the request names none (the project root, else the home folder). */
  defaultRoot: string;
  homeDir: string;
  projectRoot: string | null;
  configPath: string | null;
  /** The login-shell PATH the desktop resolved, when it did. */
  loginShellPath: string | null;
  /** Resolved secret values, so that none of them can appear in a finding. */
  secrets?: string[];
}

export async function doctorForPanel(request: DoctorRequest, context: DoctorContext): Promise<DoctorDocument | FailureDocument> {
  const outcome = await runDoctor({
    root: request.root ?? context.defaultRoot,
    cwd: context.defaultRoot,
    env: context.env,
    category: request.categories ? request.categories.join(',') : null,
    offline: request.offline ?? false,
    cacheDir: request.cacheDir,
    homeDir: context.homeDir,
    projectRoot: context.projectRoot,
    configPath: context.configPath,
    loginShellPath: context.loginShellPath,
    secrets: context.secrets,
  });
  return outcome.document;
}
