// The panel's confinement editor (server detail): the profile as the entry states it, a preview of the
// exact change to its config file (config/confinement-edit.ts), and the apply of that preview — the file
// written only if unchanged since, the config reloaded at once (the profile is part of the server's
// identity, so its process is replaced), and the server started again if it was running.
import type { ConfinementEditApplied, ConfinementEditApply, ConfinementEditChange, ConfinementEditPreview, ConfinementProfileState } from '../../shared/confinement-edit';
import type { HealthRow, ServerActionResult } from '../../shared/domain';
import { applyConfinementEdit, planConfinementEdit, profileForEdit } from '../config/confinement-edit';
import type { ServerDefinition, StdioServerDefinition } from '../config/types';
import { fileDiff } from './file-diff';

export interface ConfinementApiDeps {
  definition(name: string): ServerDefinition | undefined;
  row(name: string): HealthRow | undefined;
  /** Reads the config files again and applies them (what a file watch would do, without waiting for it). */
  reload(): Promise<unknown>;
  start(name: string): Promise<ServerActionResult>;
}

type Editable = { definition: StdioServerDefinition & { source: 'project' | 'user' | 'custom'; sourcePath: string } };

function editable(definition: ServerDefinition | undefined, name: string): Editable | { reason: string } {
  if (!definition) return { reason: `no server "${name}" in the config` };
  if (definition.transport !== 'stdio') return { reason: 'a remote server: nothing of it runs on this machine, so there is nothing to confine' };
  if (definition.source === 'default' || !definition.sourcePath) return { reason: 'a built-in server: its profile is not in a file you can edit' };
  return { definition: definition as Editable['definition'] };
}

const RUNNING = new Set<HealthRow['status']>(['online', 'starting', 'degraded', 'restarting']);

export function createConfinementApi(deps: ConfinementApiDeps) {
  const plan = ({ name, profile }: ConfinementEditChange, expectedDigest?: string) => {
    const found = editable(deps.definition(name), name);
    if ('reason' in found) return { found, planned: null };
    const { definition } = found;
    const current = profileForEdit(definition.confinement, definition.source);
    return { found, planned: planConfinementEdit({ source: definition.source, path: definition.sourcePath, name, current, next: profile, ...(expectedDigest && { expectedDigest }) }) };
  };

  return {
    async get({ name }: { name: string }): Promise<ConfinementProfileState> {
      const found = editable(deps.definition(name), name);
      if ('reason' in found) return { name, editable: false, reason: found.reason, source: deps.definition(name)?.source ?? null, path: null, profile: null };
      const { definition } = found;
      return { name, editable: true, reason: null, source: definition.source, path: definition.sourcePath, profile: profileForEdit(definition.confinement, definition.source) };
    },

    async preview(change: ConfinementEditChange): Promise<ConfinementEditPreview> {
      const { found, planned } = plan(change);
      if (!planned) return { ok: false, changed: false, path: null, diff: [], digest: null, message: `Cannot edit the confinement of "${change.name}": ${'reason' in found ? found.reason : ''}`, problems: [], notes: [] };
      const notes = planned.changed && planned.source === 'project'
        ? [`${planned.path} is a project file: once it changes, its servers wait for you to approve it again (Servers → approve) before they start`]
        : [];
      if (planned.changed && RUNNING.has(deps.row(change.name)?.status ?? 'stopped')) notes.push(`"${change.name}" is running: applying starts it again with the new profile`);
      const message = !planned.ok
        ? `Not changed: ${planned.problems[0] ?? 'the change was refused'}`
        : planned.changed
          ? `Changes the confinement of "${change.name}" in ${planned.path}.`
          : `No change needed: "${change.name}" already has this profile.`;
      return {
        ok: planned.ok,
        changed: planned.changed,
        path: planned.path,
        diff: planned.changed && planned.text !== null ? fileDiff(planned.before, planned.text) : [],
        digest: planned.digest,
        message,
        problems: planned.problems,
        notes,
      };
    },

    async apply(change: ConfinementEditApply): Promise<ConfinementEditApplied> {
      const wasRunning = RUNNING.has(deps.row(change.name)?.status ?? 'stopped');
      const { found, planned } = plan(change, change.digest);
      if (!planned) return { ok: false, message: `Cannot edit the confinement of "${change.name}": ${'reason' in found ? found.reason : ''}`, path: null, restarted: false };
      const written = applyConfinementEdit(planned);
      if (!written.ok) return { ok: false, message: `Not changed: ${written.problems[0] ?? 'the change was refused'}`, path: planned.path, restarted: false };
      if (!planned.changed) return { ok: true, message: `No change needed: "${change.name}" already has this profile.`, path: planned.path, restarted: false };
      await deps.reload();
      if (!wasRunning) return { ok: true, message: `Saved the confinement of "${change.name}"; it applies when the server next starts.`, path: planned.path, restarted: false };
      const started = await deps.start(change.name);
      return {
        ok: started.ok,
        message: started.ok ? `Saved the confinement of "${change.name}" and started it again with it.` : `Saved the confinement of "${change.name}", but it did not start again: ${started.message}`,
        path: planned.path,
        restarted: started.ok,
      };
    },
  };
}
