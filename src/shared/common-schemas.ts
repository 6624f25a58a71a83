// Small shapes several contracts share, so that one meaning has one schema: a point in time, an error
// with its stable code, and the core's answer to an action.
import * as z from 'zod';

/** A point in time as the core sends it: an ISO 8601 string (Date#toISOString), shown by the view. */
export const IsoTime = z.string();

/** An error as a value: its stable code and a message that names the next step. */
export const CodedError = z.object({ code: z.string(), message: z.string() });

/** The core's answer to an action: whether it worked, the error's code when it did not, and what happened. */
export const Answer = z.object({ ok: z.boolean(), code: z.string().nullable(), message: z.string() });
