// gateway.submit_feedback (contract §2.5): a redacted issue preview with the last 6 audit events. It
// posts only when the operator configured a dedicated token and repository (GATEHOUSE_FEEDBACK_TOKEN,
// GATEHOUSE_FEEDBACK_REPO) and the caller confirms; an ambient GITHUB_TOKEN or a `gh` login is never used.
import * as z from 'zod';
import { jsonResult } from '../../envelope';
import type { GatewayContext } from '../../meta-tool';
import { discoveryTool } from './discovery-tool';

const input = z.object({
  title: z.string().min(8).max(160),
  description: z.string().min(1).max(8000),
  issue_type: z.enum(['bug', 'feature_request']),
  subordinate_server: z.string().nullish(),
  failed_tool_call: z.string().nullish(),
  confirm_submission: z.boolean().default(false),
});

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

type Visibility = 'public' | 'private' | 'internal' | 'unknown';

/** What GitHub answers to a new issue, read loosely: only these fields are used. */
interface CreatedIssue {
  html_url?: string;
  number?: number;
  repository?: { visibility?: unknown; private?: unknown };
}

/**
 * repository_visibility. GATEHOUSE_FEEDBACK_REPO names only owner/name, and asking GitHub would be a network
 * call a preview must not make, so it is "unknown" (the warning assumes others may read the issue) — unless
 * filing already answered with the repository: GitHub's issue object may carry `repository.visibility`.
 */
function visibilityOf(created?: CreatedIssue): Visibility {
  const visibility = created?.repository?.visibility;
  if (visibility === 'public' || visibility === 'private' || visibility === 'internal') return visibility;
  if (typeof created?.repository?.private === 'boolean') return created.repository.private ? 'private' : 'public';
  return 'unknown';
}

function body(args: z.infer<typeof input>, gateway: GatewayContext): string {
  const events = gateway.auditEvents().slice(-6).map((e) => `- ${e.ts} ${e.method}${e.tool ? ` ${e.tool}` : ''}${e.server ? ` (${e.server})` : ''}: ${e.outcome}${e.error ? ` — ${e.error}` : ''}`);
  const text = [
    args.description,
    '',
    args.subordinate_server ? `Server: ${args.subordinate_server}` : null,
    args.failed_tool_call ? `Failed call: ${args.failed_tool_call}` : null,
    `Gateway revision: ${gateway.revision().id}`,
    '',
    '### Recent gateway events',
    events.length ? events.join('\n') : '(none)',
  ].filter((line) => line !== null).join('\n');
  return gateway.redact(text);
}

export const createSubmitFeedbackTool = discoveryTool('gateway.submit_feedback', 'Preview or file feedback', {
  description: 'Preview a redacted GitHub issue about Gatehouse. Filing it needs confirm_submission=true and a feedback token the operator configured; off by default.',
  annotations: { openWorldHint: true },
  input,
  async run(state, args, gateway) {
    const env = state.ctx.env;
    const repository = env.GATEHOUSE_FEEDBACK_REPO && REPO.test(env.GATEHOUSE_FEEDBACK_REPO) ? env.GATEHOUSE_FEEDBACK_REPO : null;
    const token = env.GATEHOUSE_FEEDBACK_TOKEN || null;
    const issue_title = `${args.issue_type === 'bug' ? '[Feedback][Bug]' : '[Feedback][Feature]'} ${gateway.redact(args.title)}`;
    const issue_body = body(args, gateway);
    const preview = { submitted: false, repository, repository_visibility: visibilityOf(), issue_title, issue_body, authenticated: Boolean(token && repository) };
    const warning = 'Review the body: it is redacted, but it goes to a GitHub issue others may read.';
    if (!args.confirm_submission) {
      return jsonResult({ ok: true, ...preview, warning, message: token && repository ? 'Preview only. Call again with confirm_submission=true to file it.' : 'Preview only. Filing is off: the operator sets GATEHOUSE_FEEDBACK_TOKEN and GATEHOUSE_FEEDBACK_REPO to enable it.' });
    }
    if (!token || !repository) {
      return jsonResult({ ok: false, ...preview, warning, message: 'Feedback submission is off. The operator must set GATEHOUSE_FEEDBACK_TOKEN (a dedicated token) and GATEHOUSE_FEEDBACK_REPO (owner/name); an ambient GITHUB_TOKEN or gh login is never used.' });
    }
    try {
      const response = await fetch(`https://api.github.com/repos/${repository}/issues`, {
        method: 'POST',
        signal: AbortSignal.timeout(15_000),
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'content-type': 'application/json', 'user-agent': 'gatehouse' },
        body: JSON.stringify({ title: issue_title, body: issue_body }),
      });
      if (!response.ok) return jsonResult({ ok: false, ...preview, warning, message: `GitHub refused the issue (HTTP ${response.status}); check the token's repository access.` });
      const created = (await response.json()) as CreatedIssue;
      return jsonResult({
        ok: true,
        ...preview,
        submitted: true,
        repository_visibility: visibilityOf(created),
        issue_url: created.html_url ?? null,
        issue_number: created.number ?? null,
        message: 'Issue filed.',
      });
    } catch (error) {
      return jsonResult({ ok: false, ...preview, warning, message: `Filing failed: ${error instanceof Error ? error.message : String(error)}; nothing was posted.` });
    }
  },
});
