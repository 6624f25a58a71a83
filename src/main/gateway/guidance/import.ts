// Imports PMCP's ~/.claude/gateway-guidance.yaml into Gatehouse's guidance.yaml (contract §4.4, §6):
// preview first, validated, written atomically, and never over an existing Gatehouse file (its
// settings are the operator's newer word).
import { createHash } from 'node:crypto';
import { present } from '../../common/file-presence';
import { readRegularFile } from '../../common/read-file';
import { writeFileAtomic } from '../../common/atomic-write';
import { parseGuidanceText, type GuidanceIssue } from './parse';
import { gatehouseGuidancePath, pmcpGuidancePath, type GuidancePathOptions } from './paths';

export interface GuidanceImportPlan {
  ok: boolean;
  from: string;
  to: string;
  /** The content that would be written. */
  text: string | null;
  /** sha256 of PMCP's file as read, so apply refuses if it changed in between. */
  digest: string | null;
  issues: GuidanceIssue[];
  message: string;
}

function read(path: string): { text: string; digest: string } | null {
  const file = readRegularFile(path, { followSymlink: true });
  if (!file.ok) return null;
  return { text: file.bytes.toString('utf8'), digest: createHash('sha256').update(file.bytes).digest('hex') };
}

export function planPmcpGuidanceImport(options: GuidancePathOptions): GuidanceImportPlan {
  const from = pmcpGuidancePath(options.homeDir);
  const to = gatehouseGuidancePath(options);
  const plan: GuidanceImportPlan = { ok: false, from, to, text: null, digest: null, issues: [], message: '' };
  if (present(to)) return { ...plan, message: `${to} already exists; it is kept as it is. Edit it directly, or delete it and import again.` };
  const source = read(from);
  if (!source) return { ...plan, message: `nothing to import: ${from} does not exist or cannot be read.` };
  const parsed = parseGuidanceText(source.text, from);
  const errors = parsed.issues.filter((issue) => issue.severity === 'error');
  if (errors.length) {
    const first = errors[0];
    const where = first?.line ? `${from}:${first.line}` : from;
    return { ...plan, issues: parsed.issues, message: `not imported: ${where}: ${first?.message ?? 'invalid file'}. Fix the PMCP file first.` };
  }
  const text = `# Imported from ${from} on ${new Date().toISOString().slice(0, 10)}.\n${source.text.endsWith('\n') ? source.text : `${source.text}\n`}`;
  return { ...plan, ok: true, text, digest: source.digest, issues: parsed.issues, message: `would write ${to} (level ${parsed.settings.level}).` };
}

export function applyPmcpGuidanceImport(plan: GuidanceImportPlan): { ok: boolean; message: string } {
  if (!plan.ok || plan.text === null) return { ok: false, message: plan.message };
  if (present(plan.to)) return { ok: false, message: `E103 write refused: ${plan.to} appeared since the preview; it is kept as it is.` };
  if (read(plan.from)?.digest !== plan.digest) {
    return { ok: false, message: `E103 write refused: ${plan.from} changed since the preview; preview the import again.` };
  }
  writeFileAtomic(plan.to, plan.text, 0o600);
  return { ok: true, message: `imported ${plan.from} into ${plan.to}; run gateway.refresh to apply it.` };
}
