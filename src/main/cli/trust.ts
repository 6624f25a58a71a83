// `gatehouse trust status|approve|revoke|approve-package|revoke-package|list` (contract §4.5): a
// project's .mcp.json and .gatehouse/manifest.yaml count only once the operator approved their exact
// bytes, and a discovered package only once its pinned version is approved. Approvals land in
// trust.json, which a running gateway watches, so they take effect without a restart.
import { homedir } from 'node:os';
import { readProjectFile, readRegularFile } from '../common/read-file';
import { projectPlace } from '../trust/place';
import { reviewProjectFiles } from '../trust/project-files';
import { listApprovals, sha256 } from '../trust/store';
import { CONFIG_FLAGS, parseFlags, UsageError } from './args';
import { formatTable } from './table';
import { approve, revoke } from './trust-approve';
import { chooseProject, makeContext, noProjectReason, shellQuote, userServers, warnIfUnreadable, type TrustIo } from './trust-context';
import { approvePackageCommand, revokePackageCommand } from './trust-package';
import { approveCommand, reviewLines, reviewTable, shortDigest } from './trust-review';

export type { TrustIo } from './trust-context';

const STATUS_FLAGS = { project: CONFIG_FLAGS.project, config: CONFIG_FLAGS.config, json: { type: 'boolean', default: false } } as const;

/** Exit 0 when every project file is approved (or there is none), 1 while one waits: scripts can check. */
async function status(argv: string[], io: TrustIo): Promise<number> {
  const { values } = parseFlags(argv, STATUS_FLAGS);
  const ctx = makeContext(io, values.json);
  const project = chooseProject(io, values.project);
  warnIfUnreadable(ctx);
  const reviews = project.root ? reviewProjectFiles(ctx.stateDir, project.root, { userServers: userServers(io, values.config) }) : [];
  const waiting = reviews.filter((r) => r.state !== 'approved');
  const exit = waiting.length ? 1 : 0;
  if (ctx.json) {
    ctx.out(JSON.stringify({ ok: exit === 0, project_root: project.root, trust_file: ctx.trustFile, files: reviews, waiting: waiting.map((r) => r.path) }));
    return exit;
  }
  if (!project.root) {
    ctx.out(`No project here: ${noProjectReason(io)}.`);
    return 0;
  }
  ctx.out(`Project: ${project.root}`);
  if (!reviews.length) {
    ctx.out('No .mcp.json or .gatehouse/manifest.yaml in this project: nothing needs approval.');
    return 0;
  }
  ctx.out(`\n${reviewTable(reviews, project.root)}\n`);
  for (const review of reviews) ctx.out(`${reviewLines(review).join('\n')}\n`);
  if (!waiting.length) {
    ctx.out('Every project file is approved; its servers may start.');
    return 0;
  }
  const refused = waiting.filter((r) => r.state === 'refused');
  const pending = waiting.filter((r) => r.state !== 'refused');
  if (refused.length) {
    // Nothing to approve: the file is not read at all until it is a plain file again.
    ctx.out(`${refused.length} file${refused.length === 1 ? ' is' : 's are'} refused (see above): Gatehouse does not read ${refused.length === 1 ? 'it' : 'them'}, and nothing from ${refused.length === 1 ? 'it' : 'them'} starts.`);
    ctx.out('next step: replace each with a regular file of at most 1 MiB (not a link, not behind a linked folder), then review it here again.');
  }
  if (!pending.length) return 1;
  ctx.out(`${pending.length} file${pending.length === 1 ? '' : 's'} wait${pending.length === 1 ? 's' : ''} for approval: ${pending.length === 1 ? 'its' : 'their'} servers are listed but not started.`);
  ctx.out('next step: read the review above, then approve exactly those bytes:');
  for (const review of pending) ctx.out(`  ${approveCommand(review)}`);
  ctx.out(`(or run "gatehouse trust approve${project.explicit ? ` --project ${shellQuote(project.root)}` : ''}" to see the review again and confirm)`);
  return 1;
}

type Current = 'matches' | 'changed' | 'missing' | 'refused';

/** Whether the file on disk still has the approved bytes (read and hashed as config loading reads them). */
function currentState(path: string, digest: string): Current {
  const place = projectPlace(path);
  // An approval from an earlier version may name a file that is no project file's place: read it alone.
  const read = place ? readProjectFile(place.root, place.relative) : readRegularFile(path);
  if (!read.ok) return read.code === 'missing' ? 'missing' : 'refused';
  return sha256(read.bytes) === digest ? 'matches' : 'changed';
}

const CURRENT_WORD: Record<Current, string> = { matches: 'matches', changed: 'changed (needs approval again)', missing: 'missing', refused: 'refused (not a regular file, or too large)' };
const when = (at: string | null) => (at ? `${at.slice(0, 19).replace('T', ' ')} UTC` : '-');

async function list(argv: string[], io: TrustIo): Promise<number> {
  const { values } = parseFlags(argv, { json: STATUS_FLAGS.json });
  const ctx = makeContext(io, values.json);
  warnIfUnreadable(ctx);
  const approvals = listApprovals(ctx.stateDir);
  const files = approvals.files.map((file) => ({ ...file, current: currentState(file.path, file.sha256) }));
  if (ctx.json) {
    ctx.out(JSON.stringify({ trust_file: ctx.trustFile, files, packages: approvals.packages }));
    return 0;
  }
  if (!files.length && !approvals.packages.length) {
    ctx.out(`No approvals in ${ctx.trustFile}.`);
    return 0;
  }
  ctx.out(`Approvals in ${ctx.trustFile}:`);
  if (files.length) ctx.out(`\nFiles:\n${formatTable(['PATH', 'SHA256', 'APPROVED', 'ON DISK NOW'], files.map((f) => [f.path, shortDigest(f.sha256), when(f.approved_at), CURRENT_WORD[f.current]]))}`);
  if (approvals.packages.length) ctx.out(`\nPackages:\n${formatTable(['PACKAGE', 'APPROVED'], approvals.packages.map((p) => [p.spec, when(p.approved_at)]))}`);
  return 0;
}

const SUBCOMMANDS: Record<string, (argv: string[], io: TrustIo) => Promise<number>> = {
  status,
  approve,
  revoke,
  'approve-package': approvePackageCommand,
  'revoke-package': revokePackageCommand,
  list,
};

export async function runTrust(argv: string[], io: TrustIo): Promise<number> {
  const [sub, ...rest] = argv;
  // No subcommand (or only flags) means status: the question an operator usually has.
  if (sub === undefined || sub.startsWith('-')) return status(argv, io);
  const command = Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (!command) throw new UsageError(`unknown trust subcommand "${sub}" (status, approve, revoke, approve-package, revoke-package, list)`);
  return command(rest, io);
}

export function trust(argv: string[]): Promise<number> {
  // `gatehouse trust | head` closes the pipe early: the reader's choice, not a crash. The command still
  // finishes (an approval given with --yes is still written) and keeps its own exit code.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  return runTrust(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), homeDir: homedir() });
}
