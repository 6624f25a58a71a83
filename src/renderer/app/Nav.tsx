import type { KeyboardEvent } from 'react';

export type PanelId = 'servers' | 'startup' | 'activity' | 'catalog' | 'provisioning' | 'clients' | 'secrets' | 'doctor' | 'logs';

const entries: ReadonlyArray<{ id: PanelId; label: string }> = [
  { id: 'servers', label: 'Servers' },
  { id: 'startup', label: 'Startup policy' },
  { id: 'activity', label: 'Activity' },
  { id: 'catalog', label: 'Catalog' },
  { id: 'provisioning', label: 'Provisioning' },
  { id: 'clients', label: 'Clients' },
  { id: 'secrets', label: 'Secrets' },
  { id: 'doctor', label: 'Doctor' },
  { id: 'logs', label: 'Logs' },
];

/** Arrow keys (and Home/End) move between entries, in either layout (a column, or a row when narrow). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
  if (!step && event.key !== 'Home' && event.key !== 'End') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const target = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (index + step + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[target]?.focus();
}

export function Nav({ current, onSelect, badges }: { current: PanelId; onSelect: (id: PanelId) => void; badges?: Partial<Record<PanelId, number>> }) {
  return (
    <nav className="app-nav" aria-label="Panels">
      <ul onKeyDown={moveFocus}>
        {entries.map((entry) => {
          const badge = badges?.[entry.id] ?? 0;
          return (
            <li key={entry.id}>
              <button
                type="button"
                className="nav-entry"
                data-testid={`nav-${entry.id}`}
                aria-current={entry.id === current ? 'page' : undefined}
                onClick={() => onSelect(entry.id)}
              >
                {entry.label}
                {badge > 0 && (
                  <span className="nav-badge">
                    {badge}
                    <span className="visually-hidden"> in flight</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
