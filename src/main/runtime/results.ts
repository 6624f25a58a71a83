// The JSON documents of python-runtime.md §10, fields in the documented order. Every message and data
// value passes the redactor before it is placed in a document.
import type { RuntimeIssue } from './issue';
import type { PreparedProfile } from './prepare';
import type { Redactor } from './redact';
import type { VerifiedRuntime } from './verify';

export const RESULT_API_VERSION = 'gatehouse.dev/runtime/v1';

export type ResultKind = 'McpVerification' | 'RuntimePreparation' | 'DoctorResult';

export interface ErrorEntry {
  code: string;
  message: string;
}

export interface FailureDocument {
  apiVersion: typeof RESULT_API_VERSION;
  kind: ResultKind;
  status: 'failed' | 'unavailable';
  root: string | null;
  errors: ErrorEntry[];
}

export interface VerificationDocument {
  apiVersion: typeof RESULT_API_VERSION;
  kind: 'McpVerification';
  status: 'verified';
  root: string;
  uvVersion: string;
  policySha256: string;
  offline: boolean;
  cacheDir: string | null;
  servers: { path: string; headerSha256: string; profileSha256: string; requiresPython: string }[];
  errors: ErrorEntry[];
}

export interface PreparationDocument {
  apiVersion: typeof RESULT_API_VERSION;
  kind: 'RuntimePreparation';
  status: 'prepared' | 'offline-ready';
  root: string;
  policySha256: string;
  profileCount: number;
  cacheDir: string | null;
  profiles: PreparedProfile[];
  errors: ErrorEntry[];
}

export function errorEntries(issues: RuntimeIssue[], redactor: Redactor): ErrorEntry[] {
  return issues.map((issue) => ({ code: issue.code, message: redactor.text(issue.message) }));
}

export function failureDocument(kind: ResultKind, root: string | null, issues: RuntimeIssue[], redactor: Redactor): FailureDocument {
  return { apiVersion: RESULT_API_VERSION, kind, status: kind === 'DoctorResult' ? 'unavailable' : 'failed', root, errors: errorEntries(issues, redactor) };
}

export function verificationDocument(runtime: VerifiedRuntime, offline: boolean): VerificationDocument {
  return {
    apiVersion: RESULT_API_VERSION,
    kind: 'McpVerification',
    status: 'verified',
    root: runtime.root,
    uvVersion: runtime.uvVersion,
    policySha256: runtime.policySha256,
    offline,
    cacheDir: runtime.cacheDir,
    servers: runtime.servers.map(({ server }) => ({
      path: server.path,
      headerSha256: server.headerSha256,
      profileSha256: server.profileSha256,
      requiresPython: server.requiresPython,
    })),
    errors: [],
  };
}

export function preparationDocument(runtime: VerifiedRuntime, offline: boolean, profiles: PreparedProfile[]): PreparationDocument {
  return {
    apiVersion: RESULT_API_VERSION,
    kind: 'RuntimePreparation',
    status: offline ? 'offline-ready' : 'prepared',
    root: runtime.root,
    policySha256: runtime.policySha256,
    profileCount: profiles.length,
    cacheDir: runtime.cacheDir,
    profiles,
    errors: [],
  };
}
