import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { TokenMeterCard } from './TokenMeterCard';
import { ToolDetailCard } from './ToolDetailCard';
import './catalog.css';

const RISK_TAG = { low: 'tag-ok', medium: 'tag-warn', high: 'tag-danger' } as const;

/** Up and Down move between results, as in a list box, without leaving Tab order behind. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.result-card')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[Math.max(0, Math.min(buttons.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export function CatalogPanel() {
  const query = useGatehouseStore((s) => s.catalogQuery);
  const result = useGatehouseStore((s) => s.catalogResult);
  const searching = useGatehouseStore((s) => s.catalogSearching);
  const error = useGatehouseStore((s) => s.catalogError);
  const detail = useGatehouseStore((s) => s.toolDetail);
  const detailLoading = useGatehouseStore((s) => s.toolDetailLoading);
  const search = useGatehouseStore((s) => s.searchCatalog);
  const open = useGatehouseStore((s) => s.openTool);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void search(input.current?.value ?? '');
  }, [search]);

  return (
    <section className="panel" aria-labelledby="catalog-heading" aria-busy={searching}>
      <div className="panel-head">
        <h2 id="catalog-heading">Catalog</h2>
        <span className="panel-summary" data-testid="catalog-summary">
          {result ? `${result.results.length} of ${result.total_available} tools` : ''}
        </span>
      </div>
      <search>
        <form
          className="catalog-search"
          onSubmit={(event) => {
            event.preventDefault();
            void search(input.current?.value ?? '');
          }}
        >
          <label className="field field-grow">
            <span className="field-label">Search tools (same ranking as gateway.catalog_search)</span>
            <input ref={input} type="search" defaultValue={query} placeholder="what do you need? e.g. read a file" aria-label="Search tools" />
          </label>
          <button type="submit" className="btn btn-auto btn-primary" disabled={searching}>
            {searching ? 'Searching…' : 'Search'}
          </button>
        </form>
      </search>
      {error && (
        <div className="banner banner-error" role="alert">
          Search failed: {error}
        </div>
      )}
      {result && result.indexing.length > 0 && (
        <div className="banner banner-warning" role="status">
          Still listing the tools of {result.indexing.join(', ')}; search again in a moment.
        </div>
      )}
      <div className="catalog-layout">
        <div className="catalog-results">
          {result === null ? (
            !error && <p className="empty">Searching…</p>
          ) : result.results.length === 0 ? (
            <p className="empty">
              No tools match{query ? ` "${query}"` : ''}. Servers that have never run show their tools once listed; start one under Servers.
            </p>
          ) : (
            <ul className="result-list" aria-label="Matching tools" onKeyDown={moveFocus}>
              {result.results.map((card) => (
                <li key={card.tool_id}>
                  <button
                    type="button"
                    className="result-card"
                    aria-current={detail?.tool_id === card.tool_id ? 'true' : undefined}
                    data-testid={`tool-${card.tool_id}`}
                    onClick={() => void open(card.tool_id)}
                  >
                    <span className="result-title">
                      <span className="mono">{card.tool_id}</span>
                      <span className={`tag ${RISK_TAG[card.risk_hint]}`}>{card.risk_hint} risk</span>
                      {card.availability !== 'online' && <span className="tag">{card.availability}</span>}
                    </span>
                    <span className="result-description">{card.short_description || 'No description.'}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {(detail || detailLoading) && <ToolDetailCard />}
      </div>
      <TokenMeterCard />
    </section>
  );
}
