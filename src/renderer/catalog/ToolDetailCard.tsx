import type { ToolDetail } from '../../shared/catalog';
import { useGatehouseStore } from '../app/gatehouse-context';
import { ResultView } from './ResultView';
import { SchemaForm } from './SchemaForm';

/** The chosen tool: its description, its arguments as a form, and what a try-invoke returned. */
export function ToolDetailCard() {
  const detail = useGatehouseStore((s) => s.toolDetail);
  const loading = useGatehouseStore((s) => s.toolDetailLoading);
  const close = useGatehouseStore((s) => s.closeTool);

  return (
    <article className="card tool-detail" aria-label={detail ? `Tool ${detail.tool_id}` : 'Tool'} data-testid="tool-detail" aria-busy={loading}>
      <div className="tool-detail-head">
        <h3 className="card-title mono">{detail?.tool_id ?? 'Loading…'}</h3>
        <button type="button" className="btn btn-auto btn-small" onClick={close} aria-label="Close the tool">
          Close
        </button>
      </div>
      {loading && !detail && <p className="muted-note">Describing the tool (its server starts if it is lazy)…</p>}
      {detail && !detail.ok && (
        <p className="action-message" role="alert">
          {detail.message}
        </p>
      )}
      {detail?.ok && (
        <>
          {detail.title && <p className="tool-title">{detail.title}</p>}
          {detail.description && <p className="tool-description">{detail.description}</p>}
          {detail.safety_notes.map((note) => (
            <p key={note} className="banner banner-warning">
              {note}
            </p>
          ))}
          <TryIt toolId={detail.tool_id} schema={detail.input_schema} />
        </>
      )}
    </article>
  );
}

/** The tool's arguments as a form, and what the last try-invoke returned. */
function TryIt({ toolId, schema }: { toolId: string; schema: ToolDetail['input_schema'] }) {
  const outcome = useGatehouseStore((s) => s.invokeOutcome);
  const invoking = useGatehouseStore((s) => s.invoking);
  const invoke = useGatehouseStore((s) => s.tryInvoke);
  return (
    <>
      <h4 className="detail-heading">Try it</h4>
      <p className="muted-note">Runs through gateway.invoke: the policy applies and the call is audited as the panel's.</p>
      <SchemaForm key={toolId} toolId={toolId} schema={schema} busy={invoking} onSubmit={(args) => void invoke(toolId, args)} />
      {outcome && <ResultView outcome={outcome} />}
    </>
  );
}
