// gateway.submit_feedback's repository_visibility (contract §2.5): "unknown" from the configuration alone
// (a preview asks nothing of the network), and what GitHub's answer to the filed issue says when it
// carries the repository. GitHub is a stubbed fetch: nothing leaves the machine.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await harness?.close();
  harness = undefined;
});

const FILING = { GATEHOUSE_FEEDBACK_TOKEN: 'feedback-token-for-tests', GATEHOUSE_FEEDBACK_REPO: 'acme/gatehouse-feedback' };
const ISSUE = { title: 'Crash on connect', description: 'It crashed.', issue_type: 'bug' };

/** A fetch answering every request with `body` as a 201, recording the URLs it was asked for. */
function stubGitHub(body: Record<string, unknown>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string | URL) => {
    asked.push(String(url));
    return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

describe('submit_feedback repository_visibility', () => {
  it('is "unknown" in a preview, configured or not, without a network call', async () => {
    const asked = stubGitHub({});
    harness = createHarness({ env: FILING });
    expect(await harness.call('gateway.submit_feedback', ISSUE)).toMatchObject({ ok: true, submitted: false, repository: 'acme/gatehouse-feedback', repository_visibility: 'unknown' });
    await harness.close();
    harness = createHarness();
    expect(await harness.call('gateway.submit_feedback', ISSUE)).toMatchObject({ ok: true, repository_visibility: 'unknown' });
    expect(asked).toEqual([]);
  });

  it("takes the filed issue's repository visibility, else stays unknown", async () => {
    harness = createHarness({ env: FILING });
    const submit = () => harness!.call('gateway.submit_feedback', { ...ISSUE, confirm_submission: true });
    const asked = stubGitHub({ html_url: 'https://github.com/acme/gatehouse-feedback/issues/7', number: 7, repository: { visibility: 'private', private: true } });
    expect(await submit()).toMatchObject({ ok: true, submitted: true, issue_number: 7, repository_visibility: 'private' });
    expect(asked).toEqual(['https://api.github.com/repos/acme/gatehouse-feedback/issues']);
    stubGitHub({ number: 8, repository: { private: false } });
    expect(await submit()).toMatchObject({ submitted: true, repository_visibility: 'public' });
    stubGitHub({ number: 9 });
    expect(await submit()).toMatchObject({ submitted: true, repository_visibility: 'unknown' });
  });
});
