// The deploy files hold together (issue 19): the Kubernetes manifests parse and agree with each other
// (selectors, probes on /health, replica ids from pod names that the balancer's routing maps accept,
// secrets only in the Secret, non-root pods, Prometheus annotations), and both nginx configurations pass
// Debian's `nginx -t` (the Kubernetes one with its cluster resolver swapped for a local address).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { isReplicaId } from '../../../src/main/common/replica';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: manifests are read loosely; each test checks the fields it needs
type Doc = { kind: string; metadata: { name: string }; spec?: any; data?: Record<string, string>; stringData?: Record<string, string> };
const load = (file: string): Doc[] => parseAllDocuments(readFileSync(join(root, 'deploy', 'kubernetes', file), 'utf8')).map((d) => {
  expect(d.errors).toEqual([]);
  return d.toJS() as Doc;
});
const gatehouse = load('gatehouse.yaml');
const balancer = load('balancer.yaml');
const find = (docs: Doc[], kind: string, name: string) => {
  const doc = docs.find((d) => d.kind === kind && d.metadata.name === name);
  if (!doc) throw new Error(`no ${kind} ${name}`);
  return doc;
};

function nginxCheck(siteText: string): { status: number | null; stderr: string } {
  const site = join(dir, `site-${Math.random().toString(36).slice(2)}.conf`);
  const main = join(dir, `${Math.random().toString(36).slice(2)}.conf`);
  writeFileSync(site, siteText);
  writeFileSync(main, `${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};\n  include ${site};\n}\n`);
  const run = spawnSync('nginx', ['-t', '-p', dir, '-c', main], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('the Kubernetes manifests', () => {
  const set = find(gatehouse, 'StatefulSet', 'gatehouse');
  const pod = set.spec.template;
  const container = pod.spec.containers[0];

  it('have every part the issue names', () => {
    expect(gatehouse.map((d) => d.kind).sort()).toEqual(['ConfigMap', 'PodDisruptionBudget', 'Secret', 'Service', 'Service', 'StatefulSet']);
    expect(balancer.map((d) => d.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'PodDisruptionBudget', 'Service']);
  });

  it('run each replica non-root, read-only, probed on /health, scraped by Prometheus, named by its pod', () => {
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) expect(container[probe].httpGet.path).toBe('/health');
    expect(pod.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '3344', 'prometheus.io/path': '/metrics' });
    expect(container.env).toContainEqual({ name: 'GATEHOUSE_REPLICA_ID', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });
    expect(container.args).toEqual(expect.arrayContaining(['--public-url', '--trust-proxy', '--auth', 'shared-secret']));
    // Pod names of this StatefulSet are valid replica ids and what the balancer's maps route.
    const podName = `${set.metadata.name}-0`;
    expect(isReplicaId(podName)).toBe(true);
    expect(find(balancer, 'ConfigMap', 'gatehouse-balancer').data?.['gatehouse.conf']).toContain('"~^(gatehouse-[0-9]+)~" $1;');
  });

  it('keep credentials in the Secret, mounted as files, and out of the ConfigMap and the pod spec', () => {
    const secret = find(gatehouse, 'Secret', 'gatehouse-secrets');
    expect(Object.keys(secret.stringData ?? {})).toContain('GATEHOUSE_AUTH_TOKEN');
    expect(JSON.stringify(find(gatehouse, 'ConfigMap', 'gatehouse-config'))).not.toMatch(/replace-me/);
    expect(JSON.stringify(container)).not.toMatch(/replace-me|GATEHOUSE_AUTH_TOKEN/);
    const secretVolume = pod.spec.volumes.find((v: { secret?: unknown }) => v.secret);
    expect(container.volumeMounts).toContainEqual({ name: secretVolume.name, mountPath: '/run/secrets/gatehouse', readOnly: true });
  });

  it('select the pods they mean: services, the headless service of the set, disruption budgets', () => {
    const labels = pod.metadata.labels;
    expect(set.spec.selector.matchLabels).toEqual(labels);
    expect(find(gatehouse, 'Service', 'gatehouse-peers').spec).toMatchObject({ clusterIP: 'None', selector: labels });
    expect(set.spec.serviceName).toBe('gatehouse-peers');
    expect(find(gatehouse, 'PodDisruptionBudget', 'gatehouse').spec.selector.matchLabels).toEqual(labels);
    const deployment = find(balancer, 'Deployment', 'gatehouse-balancer');
    expect(find(balancer, 'Service', 'gatehouse-balancer').spec.selector).toEqual(deployment.spec.template.metadata.labels);
    expect(find(balancer, 'PodDisruptionBudget', 'gatehouse-balancer').spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
  });
});

describe('the nginx configurations', () => {
  it('pass nginx -t: the loopback one as shipped, the Kubernetes one with a local resolver', () => {
    const loopback = nginxCheck(readFileSync(join(root, 'deploy', 'nginx', 'gatehouse.conf'), 'utf8'));
    expect(loopback.status, loopback.stderr).toBe(0);
    const k8s = find(balancer, 'ConfigMap', 'gatehouse-balancer').data?.['gatehouse.conf'] ?? '';
    const local = nginxCheck(k8s.replace(/resolver [^;]+;/, 'resolver 127.0.0.1 valid=5s;'));
    expect(local.status, local.stderr).toBe(0);
  });

  it('nginx -t does refuse a broken configuration (so the passes above mean something)', () => {
    expect(nginxCheck('map $http_x $y { default ""; ').status).not.toBe(0);
  });
});
