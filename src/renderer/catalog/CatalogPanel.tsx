import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { CatalogCard } from '../../shared/catalog';
import { useGatehouseStore } from '../app/gatehouse-context';
import { ErrorBanner } from '../ui/ErrorBanner';
import { Field } from '../ui/Field';
import { Panel } from '../ui/Panel';
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
  const showDetail = useGatehouseStore((s) => s.toolDetail !== null || s.toolDetailLoading);

  return (
    <Panel
      id="catalog"
      title="Catalog"
      busy={searching}
      summary={result ? `${result.results.length} of ${result.total_available} tools` : ''}
      summaryTestId="catalog-summary"
    >
      <CatalogSearch />
      {error && <ErrorBanner>Search failed: {error}</ErrorBanner>}
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
            <ResultList cards={result.results} />
          )}
        </div>
        {showDetail && <ToolDetailCard />}
      </div>
      <TokenMeterCard />
    </Panel>
  );
}

/** The search box; the first search runs when the panel opens. */
function CatalogSearch() {
  const query = useGatehouseStore((s) => s.catalogQuery);
  const searching = useGatehouseStore((s) => s.catalogSearching);
  const search = useGatehouseStore((s) => s.searchCatalog);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void search(input.current?.value ?? '');
  }, [search]);

  return (
    <search>
      <form
        className="catalog-search"
        onSubmit={(event) => {
          event.preventDefault();
          void search(input.current?.value ?? '');
        }}
      >
        <Field label="Search tools (same ranking as gateway.catalog_search)" className="field field-grow">
          <input ref={input} type="search" defaultValue={query} placeholder="what do you need? e.g. read a file" aria-label="Search tools" />
        </Field>
        <button type="submit" className="btn btn-auto btn-primary" disabled={searching}>
          {searching ? 'Searching…' : 'Search'}
        </button>
      </form>
    </search>
  );
}

/** The matching tools, best first; the open one is marked current. */
function ResultList({ cards }: { cards: CatalogCard[] }) {
  const openId = useGatehouseStore((s) => s.toolDetail?.tool_id);
  const open = useGatehouseStore((s) => s.openTool);
  return (
    <ul className="card-list result-list" aria-label="Matching tools" onKeyDown={moveFocus}>
      {cards.map((card) => (
        <li key={card.tool_id}>
          <button
            type="button"
            className="result-card"
            aria-current={openId === card.tool_id ? 'true' : undefined}
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
  );
}
