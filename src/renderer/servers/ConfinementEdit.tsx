import { useState } from 'react';
import type { ConfinementEditApplied, ConfinementEditPreview, ConfinementProfileEdit } from '../../shared/confinement-edit';
import { useBridge } from '../app/gatehouse-context';
import { ChangePreview } from '../ui/ChangePreview';
import { useBusy } from '../ui/use-busy';
import { DiffView } from '../ui/DiffView';
import { OutcomeBox } from '../ui/OutcomeBox';
import { ConfinementForm, draftOf, profileOf, type ConfinementDraft } from './ConfinementForm';
import './confinement-edit.css';
import { useKeptState } from './kept-state';

type Step =
  | { at: 'closed' }
  | { at: 'unavailable'; reason: string }
  | { at: 'editing'; path: string; draft: ConfinementDraft }
  | { at: 'previewing'; path: string; draft: ConfinementDraft; profile: ConfinementProfileEdit; preview: ConfinementEditPreview };

/**
 * Edits a stdio server's confinement profile: the form, then the exact change to its entry in the config
 * file it came from (nothing written yet), then — when the operator applies it — the write, and the
 * server started again with it if it was running. The detail above updates from the next health push.
 */
export function ConfinementEdit({ name }: { name: string }) {
  const bridge = useBridge();
  // Kept across a remount (the row's detail unmounts while it is off screen): the draft and its preview stay.
  const [step, setStep] = useKeptState<Step>(`confinement-edit:${name}`, { at: 'closed' });
  const [applied, setApplied] = useKeptState<ConfinementEditApplied | null>(`confinement-applied:${name}`, null);
  const [problem, setProblem] = useState<string | null>(null);
  const busyRun = useBusy(setProblem);
  const busy = busyRun.busy;
  const run = (work: () => Promise<void>) => {
    setProblem(null);
    return busyRun.run(work);
  };

  const open = () =>
    run(async () => {
      setApplied(null);
      const state = await bridge.getConfinementProfile({ name });
      if (!state.editable || !state.profile || !state.path) setStep({ at: 'unavailable', reason: state.reason ?? 'it cannot be edited here' });
      else setStep({ at: 'editing', path: state.path, draft: draftOf(state.profile) });
    });

  const preview = (path: string, draft: ConfinementDraft) =>
    run(async () => {
      const read = profileOf(draft);
      if ('problem' in read) {
        setProblem(read.problem);
        return;
      }
      const answer = await bridge.previewConfinementProfile({ name, profile: read.profile });
      setStep({ at: 'previewing', path, draft, profile: read.profile, preview: answer });
    });

  const apply = (profile: ConfinementProfileEdit, digest: string) =>
    run(async () => {
      const answer = await bridge.applyConfinementProfile({ name, profile, digest });
      setApplied(answer);
      if (answer.ok) setStep({ at: 'closed' });
    });

  return (
    <div className="confinement-edit" data-testid={`confinement-edit-${name}`}>
      {applied && (
        <OutcomeBox ok={applied.ok} testId={`confinement-applied-${name}`}>
          <p>{applied.message}</p>
        </OutcomeBox>
      )}
      {problem && (
        <p className="action-message" role="alert">
          {problem}
        </p>
      )}
      {step.at === 'closed' && (
        <button type="button" className="btn btn-auto btn-small" disabled={busy} onClick={() => void open()} aria-label={`Edit the confinement of ${name}`}>
          Edit profile
        </button>
      )}
      {step.at === 'unavailable' && <p className="muted-note">The profile cannot be edited here: {step.reason}.</p>}
      {step.at === 'editing' && (
        <form
          aria-label={`Confinement profile of ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void preview(step.path, step.draft);
          }}
        >
          <p className="muted-note">
            Saved in <code>{step.path}</code>, in the entry's <code>gatehouse</code> settings.
          </p>
          <ConfinementForm name={name} draft={step.draft} onChange={(draft) => setStep({ ...step, draft })} />
          <div className="confirm-actions">
            <button type="button" className="btn btn-auto" onClick={() => setStep({ at: 'closed' })}>
              Cancel
            </button>
            <button type="submit" className="btn btn-auto btn-primary" disabled={busy}>
              Preview change
            </button>
          </div>
        </form>
      )}
      {step.at === 'previewing' && (
        <ChangePreview
          className="card confinement-preview"
          testId={`confinement-preview-${name}`}
          title={`Change the confinement of ${name}`}
          applyLabel="Apply and restart"
          canApply={!busy && step.preview.ok && step.preview.changed && step.preview.digest !== null}
          onCancel={() => setStep({ at: 'editing', path: step.path, draft: step.draft })}
          onApply={() => void apply(step.profile, step.preview.digest ?? '')}
        >
          <p>{step.preview.message}</p>
          <DiffView lines={step.preview.diff} label={`Change to ${step.preview.path ?? 'the config'}`} testId={`confinement-diff-${name}`} />
          {[...step.preview.problems, ...step.preview.notes].length > 0 && (
            <ul className="confinement-notes">
              {step.preview.problems.map((p) => (
                <li key={`p:${p}`} className="callout callout-danger">
                  {p}
                </li>
              ))}
              {step.preview.notes.map((n) => (
                <li key={`n:${n}`} className="callout callout-warn">
                  {n}
                </li>
              ))}
            </ul>
          )}
        </ChangePreview>
      )}
    </div>
  );
}
