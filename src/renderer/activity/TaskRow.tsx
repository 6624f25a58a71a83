import { useState } from 'react';
import type { TaskView } from '../../shared/activity';
import type { InvokeOutcome } from '../../shared/catalog';
import { useBridge } from '../app/gatehouse-context';
import { ResultView } from '../catalog/ResultView';
import { AnswerRow } from '../ui/AnswerRow';
import { formatClock } from '../ui/format-time';
import { useBusy } from '../ui/use-busy';

const STATUS_TAG: Record<string, string> = { working: 'tag-accent', input_required: 'tag-warn', completed: 'tag-ok', failed: 'tag-danger', cancelled: '' };

/** An MCP task: its status, cancel while it runs, its result once it is done. */
export function TaskRow({ task }: { task: TaskView }) {
  const bridge = useBridge();
  const [result, setResult] = useState<InvokeOutcome | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { busy, run } = useBusy(setNote);
  const act = (what: 'cancel' | 'result') =>
    run(async () => {
      if (what === 'cancel') setNote((await bridge.cancelTask({ server: task.server, task_id: task.task_id })).message);
      else setResult(await bridge.taskResult({ server: task.server, task_id: task.task_id }));
    });
  return (
    <>
      <tr data-testid={`task-${task.task_id}`}>
        <td>
          <span className="mono">{task.tool_id}</span>
          <div className="muted-note mono">{task.task_id}</div>
        </td>
        <td>
          <span className={`tag ${STATUS_TAG[task.status] ?? ''}`}>{task.status.replace('_', ' ')}</span>
          {task.status_message && <div className="muted-note">{task.status_message}</div>}
        </td>
        <td className="mono">{task.created_at ? formatClock(task.created_at) : '—'}</td>
        <td className="cell-action">
          {task.terminal ? (
            <button type="button" className="btn btn-auto btn-small" disabled={busy} onClick={() => void act('result')}>
              Result
            </button>
          ) : (
            <button type="button" className="btn btn-auto btn-small btn-danger" disabled={busy} onClick={() => void act('cancel')}>
              Cancel
            </button>
          )}
        </td>
      </tr>
      <AnswerRow open={Boolean(result || note)} columns={4}>
        {note && <p className="muted-note">{note}</p>}
        {result && <ResultView outcome={result} />}
      </AnswerRow>
    </>
  );
}
