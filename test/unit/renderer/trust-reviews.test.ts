import { describe, expect, it } from 'vitest';
import type { ProjectFileReview, ProjectTrustReport } from '../../../src/shared/trust';
import {
  approvedFiles,
  displayPath,
  isRefused,
  pendingFiles,
  reconcilePins,
  repin,
  shortDigest,
  shownReview,
  type PinnedReviews,
} from '../../../src/renderer/trust/reviews';

const root = '/work/project';
const config = `${root}/.mcp.json`;
const manifest = `${root}/.gatehouse/manifest.yaml`;
const digest = (c: string) => c.repeat(64);

function file(path: string, sha: string, state: ProjectFileReview['state'] = 'not_approved'): ProjectFileReview {
  return {
    path,
    kind: path.endsWith('.json') ? 'mcp_config' : 'manifest',
    state,
    sha256: sha,
    approved_sha256: state === 'not_approved' ? null : state === 'approved' ? sha : digest('0'),
    refusal: null,
    servers: [{ name: 'everything', launches: `node server.js ${sha.slice(0, 4)}`, cwd: root, variables: [], references: [], replaces: null }],
    problems: [],
  };
}

const report = (...files: ProjectFileReview[]): ProjectTrustReport => ({ project_root: root, files });

describe('project trust reviews', () => {
  it('splits files into waiting (new or changed) and approved', () => {
    const r = report(file(config, digest('a'), 'changed'), file(manifest, digest('b'), 'approved'));
    expect(pendingFiles(r).map((f) => f.path)).toEqual([config]);
    expect(approvedFiles(r).map((f) => f.path)).toEqual([manifest]);
    expect(pendingFiles(null)).toEqual([]);
  });

  it('pins the first version seen and keeps it when the file changes on disk', () => {
    const first = file(config, digest('a'));
    const pinned = reconcilePins({}, report(first));
    expect(pinned[config]).toBe(first);

    const edited = file(config, digest('b'));
    const after = reconcilePins(pinned, report(edited));
    expect(after[config]).toBe(first);
    const { shown, stale } = shownReview(after, edited);
    expect(shown.sha256).toBe(digest('a'));
    expect(stale).toBe(true);
  });

  it('is not stale while the file still has the shown digest', () => {
    const first = file(config, digest('a'));
    const pinned = reconcilePins({}, report(first));
    expect(shownReview(pinned, file(config, digest('a'))).stale).toBe(false);
    // Unpinned (first render): the current version is what is shown.
    expect(shownReview({}, first)).toEqual({ shown: first, stale: false });
  });

  it('returns the same object when nothing changed, so a state setter does not render again', () => {
    const pinned = reconcilePins({}, report(file(config, digest('a'))));
    expect(reconcilePins(pinned, report(file(config, digest('a'))))).toBe(pinned);
    const empty: PinnedReviews = {};
    expect(reconcilePins(empty, report(file(config, digest('a'), 'approved')))).toBe(empty);
  });

  it('drops the pin of a file that was approved or removed', () => {
    const pinned = reconcilePins({}, report(file(config, digest('a')), file(manifest, digest('c'))));
    const after = reconcilePins(pinned, report(file(config, digest('a'), 'approved')));
    expect(Object.keys(after)).toEqual([]);
  });

  it('repins one file to its current version and leaves the others alone', () => {
    const pinned = reconcilePins({}, report(file(config, digest('a')), file(manifest, digest('c'))));
    const now = report(file(config, digest('b')), file(manifest, digest('d')));
    const after = repin(pinned, now, config);
    expect(after[config]?.sha256).toBe(digest('b'));
    expect(after[manifest]?.sha256).toBe(digest('c'));
    expect(repin(after, report(file(config, digest('b'), 'approved')), config)[config]).toBeUndefined();
  });

  it('shortens digests and shows project paths relative to the project', () => {
    expect(shortDigest(digest('f'))).toBe('ffffffffffff');
    expect(displayPath(config, root)).toBe('.mcp.json');
    expect(displayPath(manifest, `${root}/`)).toBe('.gatehouse/manifest.yaml');
    expect(displayPath('C:\\p\\.mcp.json', 'C:\\p')).toBe('.mcp.json');
    expect(displayPath('/work/project-other/.mcp.json', root)).toBe('/work/project-other/.mcp.json');
    expect(displayPath(config, null)).toBe(config);
  });

  it('shows a refused file as it is now (never a pinned readable version with an approve button), and pins nothing for it', () => {
    const readable = file(config, digest('a'));
    const pinned = reconcilePins({}, report(readable));
    const refused: ProjectFileReview = { ...readable, state: 'refused', sha256: null, refusal: 'is a symbolic link (to ../x/.mcp.json)', servers: [] };
    expect(isRefused(refused)).toBe(true);
    expect(shownReview(pinned, refused)).toEqual({ shown: refused, stale: false });
    const after = reconcilePins(pinned, report(refused));
    expect(after[config]).toBe(refused);
    // Once it is a regular file again, the version shown is the readable one, pinned afresh.
    const back = file(config, digest('b'));
    expect(reconcilePins(after, report(back))[config]).toBe(back);
    expect(pendingFiles(report(refused))).toEqual([refused]);
  });
});
