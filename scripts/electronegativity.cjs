#!/usr/bin/env node
// Runs Electronegativity (Doyensec's Electron misconfiguration scanner) over the sources in src/, offline.
// Its CLI downloads translations at start and one global check downloads Electron's release list; neither
// may leave this machine, so `got` (its only HTTP client) is replaced before it loads — every attempt is
// refused and listed — and that release check is excluded. Exit 1 on any high or medium finding or any file
// it could not parse. A finding reviewed by hand is marked where it is, with the tool's own inline
// `// eng-disable CHECK_ID` comment and the reason beside it. Usage: node scripts/electronegativity.cjs [dir ...]
// (default: src — one input, so the global checks see the window, the guards and the CSP together).
'use strict';
const Module = require('node:module');
const { resolve } = require('node:path');

const attempts = [];
const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  // typescript-estree (loaded at start) wants TypeScript's JS API, which the native TypeScript 7 lacks. The
  // scanner parses .ts with Babel first and falls back to it only when Babel fails: then the stand-in
  // throws, and the file is reported as a parse error (which fails the scan).
  if (request === 'typescript' && parent?.filename?.includes('typescript-estree')) return typescriptStandIn();
  if (request === 'got') {
    return (url) => {
      attempts.push(String(url));
      return Promise.reject(new Error('network disabled for the offline scan'));
    };
  }
  return originalLoad.call(this, request, parent, isMain);
};

function typescriptStandIn() {
  const refuse = () => {
    throw new Error('Babel could not parse this file and the TypeScript fallback parser is not available');
  };
  const inert = new Proxy(refuse, { get: (_target, key) => (key === 'version' ? '4.0.0' : key === Symbol.toPrimitive ? () => 0 : inert), apply: refuse });
  return inert;
}

// The bundled en-US strings; a LANG like C.UTF-8 would otherwise select a locale that is not bundled.
process.env.LANG = 'en-US';
const run = require('@doyensec/electronegativity');

// AVAILABLE_SECURITY_FIXES downloads Electron's release list; ELECTRON_VERSION (package.json) stays on.
const EXCLUDED = ['availablesecurityfixesglobalcheck'];
const BLOCKING = new Set(['HIGH', 'MEDIUM']);

async function main() {
  const inputs = process.argv.slice(2).length ? process.argv.slice(2) : ['src'];
  // The Electron the app is built for: the scanned folders hold no package.json to read it from.
  const electronVersion = require(resolve('package.json')).devDependencies.electron;
  let blocking = 0;
  for (const input of inputs) {
    // The scanner prints its own chatter through console.log; keep only our summary.
    const quiet = console.log;
    console.log = () => {};
    let result;
    try {
      result = await run({ input: resolve(input), customScan: [], excludeFromScan: EXCLUDED, severitySet: 'informational', confidenceSet: 'tentative', electronVersionOverride: electronVersion, isRelative: true, isVerbose: false, parserPlugins: [] }, false);
    } finally {
      console.log = quiet;
    }
    for (const error of result.errors) console.log(`electronegativity: ${input}: could not parse ${error.file}: ${error.message}`);
    for (const issue of result.issues) {
      const level = issue.severity.name;
      if (BLOCKING.has(level)) blocking++;
      console.log(`${level.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id}  ${input}/${issue.file}:${issue.location.line}:${issue.location.column}${issue.manualReview ? ' (review)' : ''}`);
    }
    console.log(`electronegativity: ${input}: ${result.globalChecks + result.atomicChecks} checks, ${result.issues.length} finding(s), ${result.errors.length} parse error(s)`);
    if (result.errors.length) blocking++;
  }
  if (attempts.length) console.log(`electronegativity: refused ${attempts.length} network request(s): ${attempts.join(', ')}`);
  if (blocking) {
    console.log(`electronegativity: ${blocking} high or medium finding(s) or parse errors`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`electronegativity: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
