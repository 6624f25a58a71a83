import { useState } from 'react';
import type { PendingCallView } from '../../shared/activity';
import { useBridge } from '../app/gatehouse-context';
import { AnswerRow } from '../ui/AnswerRow';
import { ConfirmBox } from '../ui/ConfirmBox';
import { formatDuration } from '../ui/format-duration';
import { useBusy } from '../ui/use-busy';
import { useNow } from '../ui/use-now';

const STATE_TAG = { pending: 'tag-accent', active: 'tag-warn', stalled: 'tag-danger' } as const;

/** A call in flight: elapsed time (ticking), the server's last progress, and cancel (force when healthy). */
export function PendingCallRow({ call }: { call: PendingCallView }) {
  const bridge = useBridge();
  const now = useNow();
  const [confirm, setConfirm] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const { busy, run } = useBusy(setAnswer);

  const cancel = (force: boolean) =>
    run(async () => {
      setConfirm(null);
      const outcome = await bridge.cancelCall({ request_id: call.request_id, force });
      if (outcome.status === 'refused') setConfirm(outcome.message);
      else setAnswer(outcome.message);
    });

  const progress = call.progress;
  const fraction = progress?.total ? Math.min(1, progress.progress / progress.total) : null;
  return (
    <>
      <tr data-testid={`call-${call.request_id}`}>
        <td>
          <span className="mono">{call.tool_id}</span>
        </td>
        <td className="mono">{formatDuration(now - Date.parse(call.started_at))}</td>
        <td>
          {progress ? (
            <span className="progress">
              {fraction !== null && <progress max={1} value={fraction} aria-label={`Progress of ${call.tool_id}`} />}
              <span className="mono">{progress.total ? `${progress.progress}/${progress.total}` : progress.progress}</span>
              {progress.message && <span className="muted-note">{progress.message}</span>}
            </span>
          ) : (
            <span className="muted-note">none reported</span>
          )}
        </td>
        <td>
          <span className={`tag ${STATE_TAG[call.state]}`}>{call.state}</span>
        </td>
        <td className="cell-action">
          <button
            type="button"
            className="btn btn-auto btn-small btn-danger"
            disabled={busy}
            onClick={() => void cancel(false)}
            aria-label={`Cancel ${call.tool_id} (${call.request_id})`}
          >
            Cancel
          </button>
        </td>
      </tr>
      <AnswerRow open={Boolean(confirm || answer)} columns={5}>
        {confirm ? (
          <ConfirmBox
            testId={`confirm-cancel-${call.request_id}`}
            title={`${call.tool_id} is still making progress`}
            confirmLabel="Cancel it anyway"
            cancelLabel="Let it run"
            onCancel={() => setConfirm(null)}
            onConfirm={() => void cancel(true)}
          >
            {confirm} The server is told to stop (notifications/cancelled).
          </ConfirmBox>
        ) : (
          <p className="muted-note" role="status">
            {answer}
          </p>
        )}
      </AnswerRow>
    </>
  );
}
