// `gatehouse trust approve [FILE...]` and `gatehouse trust revoke [FILE...]`. Approval shows the review
// first and needs consent: a "y" at the terminal, --yes, or --sha256 naming the digest the operator
// reviewed. The digest shown is the digest checked when writing, so a file swapped between the review
// and the answer is refused, never approved unseen.
import type { ProjectFileReview, ReviewState } from '../../shared/trust';
import { approveReviewed, revokeApproval } from '../trust/approve';
import { reviewProjectFiles, type ReviewOptions } from '../trust/project-files';
import { listApprovals, trustKey } from '../trust/store';
import { CONFIG_FLAGS, parseFlags, UsageError } from './args';
import { confirm } from './confirm';
import { chooseProject, makeContext, noProjectReason, userServers, warnIfUnreadable, type TrustContext, type TrustIo } from './trust-context';
import { approveCommand, reviewLines, shortDigest } from './trust-review';
import { namedTargets, projectTargets, type TrustTarget } from './trust-targets';

const JSON_FLAG = { type: 'boolean', default: false } as const;
const APPROVE_FLAGS = { project: CONFIG_FLAGS.project, config: CONFIG_FLAGS.config, sha256: { type: 'string' }, yes: { type: 'boolean', default: false }, json: JSON_FLAG } as const;
const REVOKE_FLAGS = { project: CONFIG_FLAGS.project, json: JSON_FLAG } as const;
const MAX_FILES = 64;

type FileResult = 'approved' | 'already_approved' | 'refused' | 'revoked' | 'no_approval';

interface FileReport {
  path: string;
  state?: ReviewState;
  sha256?: string | null;
  result: FileResult;
  message: string;
}

/** Ends the command with nothing (more) written: the reason on stderr, and the reports so far in JSON. */
function refuse(ctx: TrustContext, message: string, files: FileReport[] = []): number {
  if (ctx.json) ctx.out(JSON.stringify({ ok: false, error: message, files }));
  ctx.err(`gatehouse: ${message}`);
  return 1;
}

function finish(ctx: TrustContext, files: FileReport[], exit: number): number {
  if (ctx.json) ctx.out(JSON.stringify({ ok: exit === 0, files }));
  else for (const file of files) {
    if (file.result === 'refused' || file.result === 'no_approval') ctx.err(`gatehouse: ${file.message}`);
    else ctx.out(file.message);
  }
  return exit;
}

function parseDigest(value: string): string {
  const digest = value.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(digest)) {
    // A prefix would be quicker to type but far easier to forge a matching file for.
    throw new UsageError(`--sha256 needs the full 64-character hex digest shown by "gatehouse trust status" (got ${value.length} characters); a shortened digest is not accepted`);
  }
  return digest;
}

/** The current review of one file, or null when it cannot be read (missing or unreadable). */
function reviewOf(stateDir: string, target: TrustTarget, options: ReviewOptions): ProjectFileReview | null {
  const key = trustKey(target.path);
  return reviewProjectFiles(stateDir, target.root, options).find((review) => trustKey(review.path) === key) ?? null;
}

type Reviews = { ok: true; reviews: ProjectFileReview[] } | { ok: false; message: string };

function reviewsFor(ctx: TrustContext, positionals: string[], projectFlag: string | undefined, options: ReviewOptions): Reviews {
  const project = chooseProject(ctx.io, projectFlag);
  if (!positionals.length) {
    if (!project.root) return { ok: false, message: `no project here: ${noProjectReason(ctx.io)}; nothing was approved` };
    return { ok: true, reviews: reviewProjectFiles(ctx.stateDir, project.root, options) };
  }
  const named = namedTargets(positionals, project, ctx.io);
  if (!named.ok) return { ok: false, message: `${named.message}; nothing was approved` };
  const reviews: ProjectFileReview[] = [];
  for (const target of named.targets) {
    const review = reviewOf(ctx.stateDir, target, options);
    if (!review) return { ok: false, message: `cannot read ${target.path} (missing or unreadable); nothing was approved` };
    reviews.push(review);
  }
  return { ok: true, reviews };
}

type Consent = { ok: true } | { ok: false; declined: boolean; message: string };

/** Consent for the pending files: --yes or --sha256 already gave it; otherwise ask on a terminal. */
async function consent(ctx: TrustContext, pending: ProjectFileReview[], given: boolean): Promise<Consent> {
  if (given) return { ok: true };
  if (ctx.json || !ctx.io.stdin.isTTY) {
    const why = ctx.json ? '--json never prompts' : 'there is no terminal to confirm on';
    const commands = pending.map((review) => `  ${approveCommand(review)}`).join('\n');
    return { ok: false, declined: false, message: `nothing was approved: ${why}. Read the review, then run again with --yes, or approve exactly the reviewed bytes with:\n${commands}` };
  }
  const question = pending.length === 1 ? 'Approve these exact bytes?' : `Approve the exact bytes of these ${pending.length} files?`;
  if (await confirm(ctx.io.stdin, ctx.io.stderr, question)) return { ok: true };
  return { ok: false, declined: true, message: 'Not approved; nothing was written.' };
}

export async function approve(argv: string[], io: TrustIo): Promise<number> {
  const { values, positionals } = parseFlags(argv, APPROVE_FLAGS, MAX_FILES);
  const ctx = makeContext(io, values.json);
  warnIfUnreadable(ctx);
  const reviewed = values.sha256 === undefined ? undefined : parseDigest(values.sha256);
  const found = reviewsFor(ctx, positionals, values.project, { userServers: userServers(io, values.config) });
  if (!found.ok) return refuse(ctx, found.message);
  const { reviews } = found;
  if (!reviews.length) {
    if (reviewed) throw new UsageError('--sha256 approves exactly one file, and this project has none to approve');
    if (ctx.json) ctx.out(JSON.stringify({ ok: true, files: [] }));
    else ctx.out('This project has no .mcp.json or .gatehouse/manifest.yaml: nothing to approve.');
    return 0;
  }
  if (reviewed && reviews.length !== 1) throw new UsageError('--sha256 approves exactly one file: name it, as in: gatehouse trust approve FILE --sha256 HEX');
  if (!ctx.json) for (const review of reviews) ctx.out(`${reviewLines(review).join('\n')}\n`);

  const only = reviews[0];
  if (reviewed && only?.refusal) return refuse(ctx, `${only.path} ${only.refusal}; nothing was approved`);
  if (reviewed && only && reviewed !== only.sha256) {
    return refuse(ctx, `${only.path} changed since it was reviewed (reviewed sha256 ${shortDigest(reviewed)}…, now ${shortDigest(only.sha256 ?? '')}…); nothing was approved. Read it again: gatehouse trust status`);
  }
  const report = (review: ProjectFileReview, result: FileResult, message: string): FileReport => ({ path: review.path, state: review.state, sha256: review.sha256, result, message });
  const files = reviews
    .filter((review) => review.state === 'approved')
    .map((review) => report(review, 'already_approved', `${review.path} is already approved (sha256 ${review.sha256}); nothing changed.`));
  // A refused file was not read: there are no bytes to approve, with or without consent.
  const refused = reviews.filter((review) => review.state === 'refused');
  for (const review of refused) files.push(report(review, 'refused', `${review.path} ${review.refusal ?? 'cannot be read'}; nothing was approved`));
  const pending = reviews.filter((review) => review.state !== 'approved' && review.state !== 'refused');
  if (!pending.length) return finish(ctx, files, refused.length ? 1 : 0);

  const agreed = await consent(ctx, pending, values.yes || reviewed !== undefined);
  if (!agreed.ok) {
    if (!agreed.declined) return refuse(ctx, agreed.message, [...files, ...pending.map((review) => report(review, 'refused', 'not approved: no consent given'))]);
    ctx.err(agreed.message); // only a terminal prompt declines, and --json never prompts
    return 1;
  }
  let exit = refused.length ? 1 : 0;
  for (const review of pending) {
    // The digest shown in the review, not a fresh one: bytes that changed since then are refused.
    const outcome = approveReviewed(ctx.stateDir, review.path, review.sha256 ?? '');
    if (!outcome.ok) exit = 1;
    files.push(outcome.ok
      ? report(review, 'approved', `Approved ${review.path} (sha256 ${review.sha256}). Any edit to it needs a new approval; a running Gatehouse picks this up without a restart.`)
      : report(review, 'refused', outcome.message));
  }
  return finish(ctx, files, exit);
}

export async function revoke(argv: string[], io: TrustIo): Promise<number> {
  const { values, positionals } = parseFlags(argv, REVOKE_FLAGS, MAX_FILES);
  const ctx = makeContext(io, values.json);
  const project = chooseProject(io, values.project);
  warnIfUnreadable(ctx);
  let targets: TrustTarget[];
  let sweptRoot: string | null = null;
  if (positionals.length) {
    // An approval trust.json already holds may be withdrawn even when its project is gone.
    const approvedKeys = new Set(listApprovals(ctx.stateDir).files.map((file) => file.path));
    const named = namedTargets(positionals, project, io, approvedKeys);
    if (!named.ok) return refuse(ctx, `${named.message}; nothing was revoked`);
    targets = named.targets;
  } else {
    if (!project.root) return refuse(ctx, `no project here: ${noProjectReason(io)}; nothing was revoked`);
    sweptRoot = project.root;
    targets = projectTargets(sweptRoot);
  }
  const files: FileReport[] = targets.map((target) =>
    revokeApproval(ctx.stateDir, target.path).ok
      ? { path: target.path, result: 'revoked', message: `Withdrew the approval of ${target.path}: a running Gatehouse stops its servers, and they stay unstarted until it is approved again.` }
      : { path: target.path, result: 'no_approval', message: `${target.path} has no approval; nothing changed.` },
  );
  const revoked = files.filter((file) => file.result === 'revoked');
  if (positionals.length) return finish(ctx, files, revoked.length === files.length ? 0 : 1);
  // Without FILE the project's files are swept: the ones never approved are not worth a line each.
  if (!revoked.length && !ctx.json) {
    ctx.out(`No approvals to withdraw for the project ${sweptRoot}.`);
    return 0;
  }
  return finish(ctx, ctx.json ? files : revoked, 0);
}
