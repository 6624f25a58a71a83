import type { ConfinementProfileEdit } from '../../shared/confinement-edit';
import { Field } from '../ui/Field';

type Grant = ConfinementProfileEdit['grants'][number];

/**
 * A granted-path row of the form, with a key of its own made when the row is: its path is being typed (a
 * key from it would remount the input at every keystroke) and its position moves when a row above goes.
 */
export interface GrantRow extends Grant {
  key: string;
}

/** The form's own copy of a profile: the ports as typed, so a half-typed list is not lost. */
export interface ConfinementDraft extends Omit<ConfinementProfileEdit, 'loopbackPorts' | 'grants'> {
  ports: string;
  grants: GrantRow[];
}

let rows = 0;
const grantRow = (grant: Grant): GrantRow => ({ ...grant, key: `grant-${++rows}` });

export function draftOf(profile: ConfinementProfileEdit): ConfinementDraft {
  const { loopbackPorts, grants, ...rest } = profile;
  return { ...rest, grants: grants.map(grantRow), ports: loopbackPorts.join(', ') };
}

/** The profile a draft stands for, or what is wrong with its ports (main checks the range and repeats, as a reload does). */
export function profileOf(draft: ConfinementDraft): { profile: ConfinementProfileEdit } | { problem: string } {
  const words = draft.network === 'loopback' ? draft.ports.split(/[\s,]+/).filter(Boolean) : [];
  const bad = words.find((word) => !/^\d{1,5}$/.test(word));
  if (bad !== undefined) return { problem: `"${bad}" is not a port number; list the host ports as numbers, e.g. 5432, 8080` };
  const { ports: _ports, grants, ...rest } = draft;
  const granted = grants.filter((g) => g.path.trim() !== '').map(({ key: _key, ...grant }) => grant);
  return { profile: { ...rest, loopbackPorts: words.map(Number), grants: granted } };
}

/**
 * The fields of a confinement profile: network (and the host loopback ports it may reach), the project
 * folder, granted paths, and the Docker socket with what granting it means.
 */
export function ConfinementForm({ name, draft, onChange }: { name: string; draft: ConfinementDraft; onChange: (draft: ConfinementDraft) => void }) {
  const set = (patch: Partial<ConfinementDraft>) => onChange({ ...draft, ...patch });
  const setGrant = (index: number, patch: Partial<ConfinementDraft['grants'][number]>) =>
    set({ grants: draft.grants.map((grant, i) => (i === index ? { ...grant, ...patch } : grant)) });
  return (
    <div className="confinement-form">
      <div className="confinement-fields">
        <Field label="Network">
          <select value={draft.network} onChange={(e) => set({ network: e.target.value as ConfinementDraft['network'] })} data-testid={`confinement-edit-network-${name}`}>
            <option value="full">full: the host's network</option>
            <option value="loopback">loopback: named host ports only</option>
            <option value="none">none: its own loopback only</option>
          </select>
        </Field>
        {draft.network === 'loopback' && (
          <Field label="Host loopback ports">
            <input value={draft.ports} placeholder="5432, 8080" inputMode="numeric" onChange={(e) => set({ ports: e.target.value })} data-testid={`confinement-edit-ports-${name}`} />
          </Field>
        )}
        <Field label="Project folder">
          <select value={draft.project} onChange={(e) => set({ project: e.target.value as ConfinementDraft['project'] })} data-testid={`confinement-edit-project-${name}`}>
            <option value="none">not visible</option>
            <option value="ro">read-only</option>
            <option value="rw">read-write</option>
          </select>
        </Field>
      </div>
      <fieldset className="confinement-grants">
        <legend className="field-label">Granted paths</legend>
        {draft.grants.length === 0 && <p className="muted-note">None: it sees only what its profile shows.</p>}
        {draft.grants.map((grant, index) => (
          <div className="confinement-grant field" key={grant.key}>
            <input aria-label={`Granted path ${index + 1}`} className="mono" value={grant.path} placeholder="/absolute/path" onChange={(e) => setGrant(index, { path: e.target.value })} />
            <select aria-label={`Access to granted path ${index + 1}`} value={grant.access} onChange={(e) => setGrant(index, { access: e.target.value as 'ro' | 'rw' })}>
              <option value="ro">read-only</option>
              <option value="rw">read-write</option>
            </select>
            <button type="button" className="btn btn-auto btn-small" aria-label={`Remove granted path ${index + 1}`} onClick={() => set({ grants: draft.grants.filter((_, i) => i !== index) })}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-auto btn-small" onClick={() => set({ grants: [...draft.grants, grantRow({ path: '', access: 'ro' })] })}>
          Add a path
        </button>
      </fieldset>
      <label className="confinement-docker">
        <input type="checkbox" checked={draft.docker} onChange={(e) => set({ docker: e.target.checked })} data-testid={`confinement-edit-docker-${name}`} />
        <span>Grant the Docker socket</span>
      </label>
      {draft.docker && (
        <p className="callout callout-warn confinement-docker-warning" role="note">
          Whoever can use the Docker socket can start a privileged container: that is root on this machine, in effect. Grant it only to a server you
          would run as root.
        </p>
      )}
    </div>
  );
}
