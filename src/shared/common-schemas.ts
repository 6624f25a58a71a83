// Small shapes several contracts share, so that one meaning has one schema: a point in time, an error
// with its stable code, the core's answer to an action, and the preview of a config file's change.
import * as z from 'zod';

/** A point in time as the core sends it: an ISO 8601 string (Date#toISOString), shown by the view. */
export const IsoTime = z.string();

/** An error as a value: its stable code and a message that names the next step. */
export const CodedError = z.object({ code: z.string(), message: z.string() });

/** The core's answer to an action: whether it worked, the error's code when it did not, and what happened. */
export const Answer = z.object({ ok: z.boolean(), code: z.string().nullable(), message: z.string() });

/**
 * A config file's change as the panel previews it before writing (startup policy, a confinement profile):
 * nothing is written until the operator applies this very preview.
 */
export const FileChangePreview = z.object({
  ok: z.boolean(),
  changed: z.boolean(),
  path: z.string().nullable(),
  /** The whole file's change as unified-style lines: " " kept, "-" removed, "+" added. */
  diff: z.array(z.string()),
  /** Handed back on apply: the write is refused if the file changed since this preview. */
  digest: z.string().nullable(),
  message: z.string(),
});

/** How applying a FileChangePreview ended: written or refused (the file changed since, a rule said no). */
export const FileChangeApplied = z.object({ ok: z.boolean(), message: z.string(), path: z.string().nullable() });
