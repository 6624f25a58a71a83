export type PanelId = 'servers' | 'secrets' | 'doctor' | 'logs';

const entries: ReadonlyArray<{ id: PanelId; label: string }> = [
  { id: 'servers', label: 'Servers' },
  { id: 'secrets', label: 'Secrets' },
  { id: 'doctor', label: 'Doctor' },
  { id: 'logs', label: 'Logs' },
];

export function Nav({ current, onSelect }: { current: PanelId; onSelect: (id: PanelId) => void }) {
  return (
    <nav className="app-nav" aria-label="Panels">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="nav-entry"
              data-testid={`nav-${entry.id}`}
              aria-current={entry.id === current ? 'page' : undefined}
              onClick={() => onSelect(entry.id)}
            >
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
