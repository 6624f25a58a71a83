import type { ConfinementView } from '../../shared/domain';

/**
 * What a server's child can touch, beside its status: "sandboxed" quietly when confined, a warning when
 * it runs unconfined, a danger when it cannot start for want of confinement. The title says the rest
 * (network, project, reason); every mount is in `gatehouse status --server NAME`.
 */
export function ConfinementPill({ name, confinement }: { name: string; confinement: ConfinementView | undefined }) {
  if (!confinement || confinement.state === 'not_applicable') return null;
  const { label, title } = describe(confinement);
  return (
    <span className={`pill pill-confinement-${confinement.state}`} data-testid={`confinement-${name}`} title={title}>
      {label}
    </span>
  );
}

function describe(c: ConfinementView): { label: string; title: string } {
  if (c.state === 'confined') {
    const gaps = c.gaps.length ? `\nNot covered here: ${c.gaps.join('; ')}` : '';
    const ports = c.network === 'loopback' ? ` (host ports: ${c.loopbackPorts?.join(', ') || 'none'})` : '';
    const label = c.network === 'none' ? 'sandboxed · offline' : c.network === 'loopback' ? 'sandboxed · local' : 'sandboxed';
    return { label, title: `Confined (${c.backend}): network ${c.network}${ports}, project ${c.project}, ${c.mounts.length} mounts${gaps}` };
  }
  if (c.state === 'unconfined') return { label: 'unconfined', title: `Runs without a sandbox: ${c.reason ?? 'no reason given'}` };
  return { label: 'no sandbox', title: `Not started: ${c.reason ?? 'this host cannot confine it'}` };
}
