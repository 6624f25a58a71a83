import type { ContentBlock, InvokeOutcome } from '../../shared/catalog';
import { keyed } from '../ui/keyed';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** JSON text shown as formatted JSON, anything else as it came. */
function TextBlock({ value }: { value: string }) {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null) return <pre className="code-block result-json">{JSON.stringify(parsed, null, 2)}</pre>;
  } catch {
    // Not JSON: plain text.
  }
  return <pre className="code-block result-text">{value}</pre>;
}

function Block({ block }: { block: ContentBlock }) {
  if (block.type === 'text') return <TextBlock value={text(block.text)} />;
  if (block.type === 'image' && typeof block.data === 'string') {
    return <img className="result-image" alt={`What the tool returned (${text(block.mimeType)})`} src={`data:${text(block.mimeType)};base64,${block.data}`} />;
  }
  if (block.type === 'resource' || block.type === 'resource_link') {
    const resource = (block.type === 'resource' ? block.resource : block) as Record<string, unknown>;
    return (
      <div className="result-resource">
        <span className="tag tag-accent">{block.type === 'resource' ? 'resource' : 'link'}</span> <code>{text(resource.uri)}</code>
        {resource.mimeType ? <span className="muted-note"> {text(resource.mimeType)}</span> : null}
        {typeof resource.text === 'string' && <TextBlock value={resource.text} />}
        {typeof resource.blob === 'string' && <p className="muted-note">binary, {Math.round((resource.blob.length * 3) / 4)} bytes</p>}
      </div>
    );
  }
  if (block.type === 'audio') return <p className="muted-note">Audio ({text(block.mimeType)}); play it from the client.</p>;
  return <pre className="code-block result-json">{JSON.stringify(block, null, 2)}</pre>;
}

/** What a try-invoke (or a task) returned: every content block rendered by its kind, and the errors. */
export function ResultView({ outcome }: { outcome: InvokeOutcome }) {
  return (
    <div className={`result ${outcome.ok ? 'result-ok' : 'result-error'}`} data-testid="invoke-result" role="status">
      <p className="result-status">
        <span className={`tag ${outcome.ok ? 'tag-ok' : 'tag-danger'}`}>{outcome.ok ? 'ok' : 'failed'}</span>
        {outcome.truncated && <span className="tag tag-warn">truncated</span>}
      </p>
      {outcome.errors.map((error) => (
        <p key={`${error.code}:${error.message}`} className="action-message">
          <span className="outcome-code">{error.code}</span> {error.message}
        </p>
      ))}
      {keyed(outcome.content, (b) => JSON.stringify(b).slice(0, 200)).map(({ key, item }) => (
        <Block key={key} block={item} />
      ))}
      {outcome.structured !== null && (
        <>
          <h4 className="detail-heading">Structured content</h4>
          <pre className="code-block result-json">{JSON.stringify(outcome.structured, null, 2)}</pre>
        </>
      )}
    </div>
  );
}
