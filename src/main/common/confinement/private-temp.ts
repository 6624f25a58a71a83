// A server whose files live under /tmp (or /var/tmp) meets a private, empty /tmp inside its sandbox:
// only what its entry names is shown there — its command's folder, the files its arguments name, its
// declared working folder, its project, its grants — and nothing beside them. So `node /tmp/x/server.js`
// starts and then cannot find ./lib.js, and a command that is a link into a folder nobody named is "not
// found". Said up front as a gap, and again in the start-up error, with the fix.
import { dirname } from 'node:path';
import { argumentPaths, toolchainDirs, within, type HostLayout, type PathInfo } from './argv';
import { PRIVATE_SYSTEM_DIRS } from './layout';
import type { ConfinementProfile } from './profile';

/** How the gap begins, so the start-up error can find it among the others. */
export const PRIVATE_TEMP_LEAD = 'under a private /tmp:';

/** The gap for files of this server under /tmp whose folder nothing shows (null when there are none). */
export function privateTempGap(profile: ConfinementProfile, layout: HostLayout, paths: ReadonlyMap<string, PathInfo>): string | null {
  const real = (path: string) => paths.get(path)?.real ?? path;
  const shown = [
    ...toolchainDirs(layout).map(real),
    ...(profile.workdir.declared ? [real(profile.workdir.path)] : []),
    ...(profile.project.path && profile.project.access !== 'none' ? [real(profile.project.path)] : []),
    ...profile.grants.map((grant) => real(grant.path)),
  ];
  // The command where its links lead (is it inside a folder shown?), and each file an argument names
  // (shown itself: is the folder it sits in shown too?).
  const command = layout.command ? [real(layout.command)] : [];
  const files = argumentPaths(layout.args).filter((path) => paths.get(path)?.kind === 'file').map(real);
  const inTemp = (path: string) => PRIVATE_SYSTEM_DIRS.some((dir) => within(path, dir));
  const hidden = [
    ...command.filter((path) => inTemp(path) && !shown.some((dir) => within(path, dir))),
    ...files.filter((path) => inTemp(path) && !shown.some((dir) => within(path, dir) && dir !== path)),
  ];
  if (!hidden.length) return null;
  const folders = [...new Set(hidden.map((path) => dirname(path)))];
  return `${PRIVATE_TEMP_LEAD} ${[...new Set(hidden)].join(', ')} ${hidden.length > 1 ? 'are' : 'is'} under /tmp, which is private and empty inside the sandbox: only the paths its entry names are shown there, nothing beside them (modules, libraries, data). Move the server out of /tmp, or grant its folder: "grants": [${folders.map((f) => JSON.stringify(f)).join(', ')}]`;
}

/** The private-/tmp gap among a view's gaps, if there is one. */
export function findPrivateTempGap(gaps: readonly string[] | undefined): string | null {
  return gaps?.find((gap) => gap.startsWith(PRIVATE_TEMP_LEAD)) ?? null;
}
