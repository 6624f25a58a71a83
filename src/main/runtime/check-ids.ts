// The stable check IDs of python-runtime.md §11. IDs are never renamed or reused; each carries its
// category, whether it is host-only (deferred inside a container), its severity and its remediation.
export type CheckCategory = 'host' | 'runtime';
export type Severity = 'error' | 'warn' | 'info';

export type CheckId =
  | 'host.environment'
  | 'host.filesystem-permissions'
  | 'host.network-release-access'
  | 'host.login-shell-path'
  | 'host.keychain'
  | 'host.child-confinement'
  | 'runtime.python-missing'
  | 'runtime.python-unsupported'
  | 'runtime.uv-missing'
  | 'runtime.uv-incompatible'
  | 'runtime.path-unsafe'
  | 'runtime.path-unreadable'
  | 'runtime.pep723-invalid'
  | 'runtime.policy-invalid'
  | 'runtime.policy-digest-mismatch'
  | 'runtime.lock-invalid'
  | 'runtime.cache-unavailable'
  | 'runtime.cache-unsafe'
  | 'runtime.cache-incomplete'
  | 'runtime.profile-prepare-failed'
  | 'runtime.startup-timeout'
  | 'runtime.loopback-required'
  | 'runtime.semantic-index-degraded'
  // Gatehouse additions (the issue asks doctor to cover config errors and children that cannot start).
  | 'runtime.config-invalid'
  | 'runtime.server-command-missing'
  | 'runtime.project-untrusted';

export interface CheckSpec {
  category: CheckCategory;
  hostOnly: boolean;
  severity: Severity;
  remediation: string;
}

const host = (severity: Severity, remediation: string): CheckSpec => ({ category: 'host', hostOnly: true, severity, remediation });
const runtime = (severity: Severity, remediation: string): CheckSpec => ({ category: 'runtime', hostOnly: false, severity, remediation });

export const CHECKS: Record<CheckId, CheckSpec> = {
  'host.environment': { category: 'host', hostOnly: false, severity: 'info', remediation: 'Nothing to do; host-only checks run on the host itself.' },
  'host.filesystem-permissions': host('error', "Run `chmod 700` on Gatehouse's config, state and cache folders and `chmod 600` on the files in them; replace symlinks with real folders."),
  'host.network-release-access': host('warn', 'Check the proxy and firewall settings for the package index and release feed, or work offline with a prepared cache.'),
  'host.login-shell-path': host('warn', 'Install uv (`pip install uv` or the official installer) so that it is on the login-shell PATH, or set its absolute path in settings.'),
  'host.keychain': host('warn', 'Start a Secret Service (gnome-keyring) in a D-Bus session, or unlock the OS keychain; until then only variables from the process environment resolve.'),
  // Not host-only: children run where Gatehouse runs, a container included.
  'host.child-confinement': { category: 'host', hostOnly: false, severity: 'warn', remediation: 'Install bubblewrap (`apt-get install bubblewrap`) and allow user namespaces, so that children run confined; a server that must run unconfined says so in its entry ("gatehouse": {"confinement": {"allow_unconfined": true}}).' },
  'runtime.python-missing': runtime('error', 'Install a Python that satisfies the policy (3.10 or newer) where uv can find it, or let uv download one while online.'),
  'runtime.python-unsupported': runtime('error', 'Use Python 3.10 or newer, and raise the policy floor to >=3.10.'),
  'runtime.uv-missing': runtime('error', 'Install uv (`pip install uv`, or run scripts/setup-python.sh) and make sure it is on PATH.'),
  'runtime.uv-incompatible': runtime('error', 'Upgrade uv (`pip install -U uv`) to the version Gatehouse is tested with or newer.'),
  'runtime.path-unsafe': runtime('error', 'Use real files and folders inside the runtime root: no symlinks, no "..", no absolute paths in the policy.'),
  'runtime.path-unreadable': runtime('error', 'Create the file or fix its permissions so that Gatehouse can read it.'),
  'runtime.pep723-invalid': runtime('error', 'Fix the "# /// script" block at the line named, then regenerate the runtime policy.'),
  'runtime.policy-invalid': runtime('error', 'Regenerate .gatehouse/runtime/python-uv.json with the policy generator instead of editing it by hand.'),
  'runtime.policy-digest-mismatch': runtime('error', 'Regenerate the runtime policy: its digests no longer match its contents.'),
  'runtime.lock-invalid': runtime('error', 'Regenerate the lock with `uv pip compile <in> --universal --generate-hashes --python-version 3.10 -o .gatehouse/runtime/python-requirements.lock`, then the policy.'),
  'runtime.cache-unavailable': runtime('error', 'Run `gatehouse mcp prepare --cache-dir <dir>` once while online to create and fill the cache.'),
  'runtime.cache-unsafe': runtime('error', "Use an absolute, real (non-symlink) cache folder outside the runtime root and Gatehouse's config and state folders."),
  'runtime.cache-incomplete': runtime('error', 'Run `gatehouse mcp prepare --cache-dir <dir>` once while online.'),
  'runtime.profile-prepare-failed': runtime('error', 'Read the uv message; check network access to the package index, then run `gatehouse mcp prepare` again.'),
  'runtime.startup-timeout': runtime('error', 'Usually a cold cache: run `gatehouse mcp prepare --cache-dir <dir>`, then start the server again.'),
  'runtime.loopback-required': runtime('error', 'Use 127.0.0.1, ::1 or localhost with an explicit port and an absolute path.'),
  'runtime.semantic-index-degraded': runtime('info', 'Optional: install the accelerator to speed up search; everything works without it.'),
  'runtime.config-invalid': runtime('error', 'Fix the config file at the line named; Gatehouse reloads it on save.'),
  'runtime.server-command-missing': runtime('error', 'Install the command or fix "command" in the server entry.'),
  'runtime.project-untrusted': runtime('warn', 'Read the file, then approve it in the Gatehouse panel or run `gatehouse trust approve` in the project; its servers start only after that.'),
};

export const DOCTOR_CATEGORIES: readonly CheckCategory[] = ['host', 'runtime'];
