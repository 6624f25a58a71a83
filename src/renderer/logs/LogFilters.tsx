import { Field } from '../ui/Field';
import type { LogFilter } from './filter-logs';
import { ExactInput } from '../ui/ExactInput';

const ALL = '';

export function LogFilters({ filter, servers, onChange }: { filter: LogFilter; servers: string[]; onChange: (next: LogFilter) => void }) {
  return (
    <div className="card log-filters" data-testid="log-filters">
      <Field label="Server">
        <select
          aria-label="Server filter"
          data-testid="log-server-filter"
          value={filter.server ?? ALL}
          onChange={(e) => onChange({ ...filter, server: e.currentTarget.value === ALL ? null : e.currentTarget.value })}
        >
          <option value={ALL}>All</option>
          {servers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Contains">
        <ExactInput
          type="search"
          aria-label="Text filter"
          data-testid="log-text-filter"
          placeholder="Filter lines"
          value={filter.text}
          onChange={(e) => onChange({ ...filter, text: e.currentTarget.value })}
        />
      </Field>
    </div>
  );
}
