import type { ConfinementView, MountView } from '../../shared/domain';
import { ConfinementEdit } from './ConfinementEdit';

const STATE: Record<ConfinementView['state'], string> = {
  confined: 'confined',
  unconfined: 'UNCONFINED',
  unavailable: 'cannot be confined here: not started',
  not_applicable: 'nothing to confine',
};

const ACCESS: Record<MountView['access'], string> = { ro: 'read-only', rw: 'read-write', private: 'private', hidden: 'hidden' };

/**
 * A server's confinement in its detail: how (backend, network, project), why not when it is not, what
 * this host leaves open, and every mount in the order bubblewrap applies them (a later one covers what an
 * earlier one showed) — the same list as `gatehouse status --server NAME`.
 */
export function ConfinementDetail({ name, confinement }: { name: string; confinement: ConfinementView | undefined }) {
  if (!confinement) return null;
  const c = confinement;
  return (
    <section className="confinement-detail" aria-label={`Confinement of ${name}`} data-testid={`confinement-detail-${name}`}>
      <h3 className="detail-heading">Confinement</h3>
      <dl className="detail-facts">
        <div>
          <dt>state</dt>
          <dd data-testid={`confinement-state-${name}`}>{STATE[c.state]}</dd>
        </div>
        {c.state === 'confined' && (
          <>
            <div>
              <dt>sandbox</dt>
              <dd>{c.backend}</dd>
            </div>
            <div>
              <dt>network</dt>
              <dd data-testid={`confinement-network-${name}`}>{networkText(c)}</dd>
            </div>
            <div>
              <dt>project folder</dt>
              <dd>{c.project === 'none' ? 'not visible' : c.project === 'ro' ? 'read-only' : 'read-write'}</dd>
            </div>
          </>
        )}
        {c.reason && (
          <div className="detail-wide">
            <dt>why</dt>
            <dd data-testid={`confinement-reason-${name}`}>{c.reason}</dd>
          </div>
        )}
        {c.gaps.length > 0 && (
          <div className="detail-wide">
            <dt>not covered here</dt>
            <dd>
              <ul className="confinement-gaps">
                {c.gaps.map((gap) => (
                  <li key={gap}>{gap}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {c.mounts.length > 0 && (
        <details className="confinement-mounts">
          <summary>{c.mounts.length} mounts, in the order applied</summary>
          <table data-testid={`confinement-mounts-${name}`}>
            <thead>
              <tr>
                <th scope="col">access</th>
                <th scope="col">what</th>
                <th scope="col">path</th>
              </tr>
            </thead>
            <tbody>
              {keyed(c.mounts).map(({ key, mount: m }) => (
                <tr key={key} className={`mount-${m.access}`}>
                  <td>{ACCESS[m.access]}</td>
                  <td>{m.kind}</td>
                  <td className="mono">{m.path}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {c.state !== 'not_applicable' && <ConfinementEdit name={name} />}
    </section>
  );
}

function networkText(c: ConfinementView): string {
  if (c.network === 'none') return 'none (its own loopback only)';
  if (c.network !== 'loopback') return 'full';
  const ports = c.loopbackPorts ?? [];
  return ports.length ? `loopback: host 127.0.0.1 port${ports.length > 1 ? 's' : ''} ${ports.join(', ')} only` : 'loopback, no host ports (its own loopback only)';
}

/** Stable keys: the same mount may come twice (hidden, shown again by a grant, hidden again), so each repeat is numbered. */
function keyed(mounts: readonly MountView[]): { key: string; mount: MountView }[] {
  const seen = new Map<string, number>();
  return mounts.map((mount) => {
    const base = `${mount.access} ${mount.kind} ${mount.path}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: `${base} #${count}`, mount };
  });
}
