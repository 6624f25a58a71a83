// Offline provisioning for the tests that follow an install job (the CLI's and the panel's): a user
// manifest of test packages, and stand-in `npm` / `npx` on PATH — `npm view` answers as the real one does
// (JSON), an install prints a line (or, for the broken package, fails with the lines a real failure
// prints), and `npx` runs server-everything. Nothing reaches a registry.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { USER_MANIFEST } from './loopback-everything';
import { EVERYTHING_ENTRY } from './workspace';

/** The broken package's install output, as npm prints it when a version does not exist. */
export const BROKEN_INSTALL_LINES = [
  'npm warn exec The following package was not found and will be installed: @gatehouse-test/broken@1.4.0',
  'npm error code ETARGET',
  'npm error notarget No matching version found for @gatehouse-test/broken@1.4.0.',
];

/** Writes the user manifest: `packaged`, `broken`, `locked` (needs LOCKED_TEST_TOKEN) and one more packaged server named `second`. */
export function writeTestManifest(home: string, second: { name: string; description: string }): void {
  const manifest = join(home, USER_MANIFEST);
  mkdirSync(dirname(manifest), { recursive: true });
  writeFileSync(
    manifest,
    `version: 1
servers:
  packaged:
    description: A packaged server the stand-in npx runs
    package: { type: npm, name: "@gatehouse-test/packaged" }
  ${second.name}:
    description: ${second.description}
    package: { type: npm, name: "@gatehouse-test/${second.name}" }
  broken:
    description: A package whose install fails
    package: { type: npm, name: "@gatehouse-test/broken" }
  locked:
    description: A package that needs a credential
    package: { type: npm, name: "@gatehouse-test/locked" }
    env_vars: [{ name: LOCKED_TEST_TOKEN, where: "https://example.com/tokens" }]
`,
  );
}

/** A temp folder holding the stand-in `npm` and `npx`; `brokenLines` is what the broken install prints on stderr. */
export function standInBin(prefix: string, brokenLines: readonly string[] = BROKEN_INSTALL_LINES): string {
  const bin = mkdtempSync(join(tmpdir(), prefix));
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  const broken = brokenLines.map((line) => `echo "${line}" >&2;`).join(' ');
  script(
    'npm',
    [
      'case "$1" in',
      '  view) echo "{\\"name\\":\\"${2%@*}\\",\\"version\\":\\"1.4.0\\",\\"time\\":{\\"1.4.0\\":\\"2026-11-30T10:00:00.000Z\\"}}";;',
      `  *) case "$*" in *broken*) ${broken} exit 1;; esac; echo "fetched $*";;`,
      'esac',
    ].join('\n'),
  );
  script('npx', `exec "${process.execPath}" "${EVERYTHING_ENTRY}" stdio`);
  return bin;
}
