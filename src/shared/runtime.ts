// zod schemas for the runtime result documents (python-runtime.md §10): what `gatehouse mcp verify|prepare`
// and `gatehouse doctor --json` print, and what the doctor panel's IPC channel carries.
import * as z from 'zod';
import { CodedError } from './common-schemas';

const Digest = z.string().regex(/^[0-9a-f]{64}$/);
const ErrorEntry = CodedError.strict();

/** Every runtime document: the one API version first, then its kind, status and own fields; nothing else. */
const runtimeDocument = <T extends z.ZodRawShape>(shape: T) => z.object({ apiVersion: z.literal('gatehouse.dev/runtime/v1'), ...shape }).strict();

/** A document of something that worked: its errors list is there and always empty. */
const succeeded = <T extends z.ZodRawShape>(shape: T) => runtimeDocument({ ...shape, errors: z.array(ErrorEntry).length(0) });

export const FindingSchema = z
  .object({
    id: z.string().regex(/^(host|runtime)\.[a-z0-9-]+$/),
    category: z.enum(['host', 'runtime']),
    severity: z.enum(['error', 'warn', 'info']),
    status: z.enum(['failed', 'passed', 'deferred', 'skipped']),
    subject: z.string().nullable(),
    message: z.string(),
    remediation: z.string(),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const DoctorResultSchema = succeeded({
  kind: z.literal('DoctorResult'),
  status: z.enum(['healthy', 'findings']),
  root: z.string().nullable(),
  environment: z.object({ kind: z.enum(['host', 'container']), platform: z.string(), arch: z.string() }).strict(),
  runtime: z.object({ uvVersion: z.string().nullable(), pythonVersion: z.string().nullable() }).strict(),
  totals: z.object({ error: z.number().int(), warn: z.number().int(), info: z.number().int(), deferred: z.number().int() }).strict(),
  findings: z.array(FindingSchema),
});

export const FailureDocumentSchema = runtimeDocument({
  kind: z.enum(['McpVerification', 'RuntimePreparation', 'DoctorResult']),
  status: z.enum(['failed', 'unavailable']),
  root: z.string().nullable(),
  errors: z.array(ErrorEntry).min(1),
});

export const VerificationSchema = succeeded({
  kind: z.literal('McpVerification'),
  status: z.literal('verified'),
  root: z.string(),
  uvVersion: z.string().regex(/^uv \d+\.\d+\.\d+$/),
  policySha256: Digest,
  offline: z.boolean(),
  cacheDir: z.string().nullable(),
  servers: z.array(z.object({ path: z.string(), headerSha256: Digest, profileSha256: Digest, requiresPython: z.string() }).strict()),
});

export const PreparationSchema = succeeded({
  kind: z.literal('RuntimePreparation'),
  status: z.enum(['prepared', 'offline-ready']),
  root: z.string(),
  policySha256: Digest,
  profileCount: z.number().int(),
  cacheDir: z.string().nullable(),
  profiles: z.array(z.object({ sha256: Digest, requiresPython: z.string(), durationMs: z.number().int().nonnegative() }).strict()),
});

/** The doctor panel asks with this; the CLI flags map onto the same fields. */
export const DoctorRequestSchema = z
  .object({
    root: z.string().min(1).optional(),
    categories: z.array(z.enum(['host', 'runtime'])).min(1).optional(),
    offline: z.boolean().optional(),
    cacheDir: z.string().min(1).optional(),
  })
  .strict();

export const DoctorResponseSchema = z.union([DoctorResultSchema, FailureDocumentSchema]);
