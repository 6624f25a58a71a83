// `gatehouse setup --write`: plan and apply under an exclusive lock on the target, so concurrent setup
// runs never write over each other's entries. Under the lock the file is read again and the entry is
// merged into what is there NOW (not into what a preview saw earlier); the write then goes through
// applySetup, which refuses if the bytes change before the rename (another app that ignores our lock).
// Such a change is retried from a fresh read a few times, then reported (E103).
import { applySetup, planSetup, type ApplyOutcome, type SetupPlan, type SetupRequest } from './plan';
import { acquireTargetLock, type LockOptions } from './target-lock';
import type { SetupProblem } from './target-file';

const ATTEMPTS = 3;

export interface WrittenSetup {
  /** The plan that was applied (or refused): read under the lock, so its diff is what was written. */
  plan: SetupPlan;
  outcome: ApplyOutcome;
}

export interface WriteOptions extends LockOptions {
  /**
   * Called in each attempt once the new file is ready, before the last content check and the rename; a
   * problem aborts the attempt. Tests use it to play an app that saves the file at the worst moment.
   */
  beforeRename?: () => SetupProblem | null;
}

const lostLock = (path: string): SetupProblem => ({
  code: 'concurrent_modification',
  message: `E103 write refused: the lock on ${path} was taken over while writing (it was judged stale); nothing was written. Run setup again.`,
});

export async function writeSetup(request: SetupRequest, options: WriteOptions = {}): Promise<WrittenSetup> {
  let last: WrittenSetup | null = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // Unlocked first look: which file, and is there anything to write at all? Nothing to do takes no
    // lock (and creates no folder for one).
    const first = planSetup(request);
    if (!first.ok || !first.changed) return { plan: first, outcome: { ok: first.ok, written: false, problem: first.problem } };
    const locked = await acquireTargetLock(first.path, options);
    if (!locked.ok) return { plan: first, outcome: { ok: false, written: false, problem: locked.problem } };
    const { lock } = locked;
    try {
      const plan = planSetup(request);
      // The client's preferred file appeared meanwhile: lock that one instead.
      if (plan.path !== first.path) continue;
      if (!plan.ok || !plan.changed) return { plan, outcome: { ok: plan.ok, written: false, problem: plan.problem } };
      const outcome = applySetup(plan, {
        beforeRename: () => (lock.held() ? null : lostLock(plan.path)) ?? options.beforeRename?.() ?? null,
      });
      last = { plan, outcome };
      if (outcome.problem?.code !== 'concurrent_modification') return last;
    } finally {
      lock.release();
    }
  }
  if (last) return last;
  // Only reachable when the preferred file kept changing under us on every attempt.
  const plan = planSetup(request);
  return { plan, outcome: { ok: false, written: false, problem: { code: 'concurrent_modification', message: `E103 write refused: which file ${plan.client.label} uses kept changing while writing; nothing was written. Run setup again.` } } };
}
