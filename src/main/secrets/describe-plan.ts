// Plain-text previews and results of imports and syncs for the CLI: names, actions and notes only.
import { describeScope } from './scopes';
import type { TransferOutcome, TransferPlan } from './transfer-plan';

const ACTION_TEXT = {
  add: 'add    ',
  replace: 'replace',
  keep_same: 'keep   ',
  keep_different: 'keep   ',
} as const;

function actionNote(action: keyof typeof ACTION_TEXT): string {
  if (action === 'keep_same') return ' (already stored with the same value)';
  if (action === 'keep_different') return ' (already stored with a different value; --overwrite replaces it)';
  if (action === 'replace') return ' (replaces the stored value)';
  return '';
}

export function describePlan(title: string, plan: TransferPlan): string[] {
  const lines = [`${title} -> ${describeScope(plan.target)} in the OS keychain`];
  if (!plan.items.length) lines.push('  (no values to transfer)');
  for (const item of plan.items) lines.push(`  ${ACTION_TEXT[item.action]}  ${item.name}${actionNote(item.action)}`);
  for (const note of plan.notes) lines.push(`  ${note.line === null ? 'note' : `line ${note.line}`}: ${note.message}`);
  return lines;
}

export function describeOutcome(outcome: TransferOutcome): string[] {
  const lines = [`Stored ${outcome.stored.length} value(s) in the OS keychain${outcome.stored.length ? `: ${outcome.stored.join(', ')}` : ''}.`];
  for (const failure of outcome.failed) lines.push(`  not stored: ${failure.name}: ${failure.message}`);
  return lines;
}
