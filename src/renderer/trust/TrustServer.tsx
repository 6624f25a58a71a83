import type { ReviewedServer, VariableReference } from '../../shared/trust';

/** Where a referenced variable's value would come from, in the order Gatehouse looks (names only). */
function ReferenceSource({ reference }: { reference: VariableReference }) {
  if (!reference.interpolated) return <span className="trust-reference-source trust-none">passed on as written (Gatehouse fills in env and headers only)</span>;
  if (reference.keychain.length === 0) return <span className="trust-reference-source trust-none">from the environment only (never stored in the keychain)</span>;
  return (
    <span className="trust-reference-source">
      from the environment, else the keychain as{' '}
      {reference.keychain.map((account, i) => (
        <span key={account}>
          {i > 0 && ', then '}
          <code className="trust-account">{account}</code>
        </span>
      ))}
    </span>
  );
}

/** One entry of a project file: what it runs, where, the names it sets and the secrets it reads. */
export function TrustServer({ server }: { server: ReviewedServer }) {
  return (
    <li className="trust-server" data-testid={`trust-server-${server.name}`}>
      <span className="trust-server-name">{server.name}</span>
      {server.replaces && (
        <p className="callout callout-warn trust-replaces" data-testid={`trust-replaces-${server.name}`}>
          Replaces your own server <strong>{server.name}</strong> from <code>{server.replaces.path}</code> once approved.
        </p>
      )}
      {/* A figure, not the <pre> itself, carries the name: a <pre> has no role that takes one. */}
      <figure className="trust-launch" aria-label={`What ${server.name} runs`}>
        <pre className="trust-command" data-testid={`trust-launches-${server.name}`}>
          {server.launches}
        </pre>
      </figure>
      <dl className="trust-server-facts">
        {server.cwd !== null && (
          <>
            <dt>Working folder</dt>
            <dd>
              <code data-testid={`trust-cwd-${server.name}`}>{server.cwd}</code>
            </dd>
          </>
        )}
        <dt>Variables</dt>
        <dd data-testid={`trust-variables-${server.name}`}>
          {server.variables.length === 0 ? (
            <span className="trust-none">none</span>
          ) : (
            server.variables.map((variable) => (
              <code key={variable} className="trust-variable">
                {variable}
              </code>
            ))
          )}
          {server.variables.length > 0 && <span className="trust-none"> (names only)</span>}
        </dd>
        <dt>Reads</dt>
        <dd data-testid={`trust-references-${server.name}`}>
          {server.references.length === 0 ? (
            <span className="trust-none">no variables</span>
          ) : (
            <ul className="trust-references">
              {server.references.map((reference) => (
                <li key={reference.name} data-testid={`trust-reference-${server.name}-${reference.name}`}>
                  <code className="trust-variable trust-reference-name">{reference.name}</code>
                  <span className="trust-reference-fields">in {reference.fields.join(', ')}</span>
                  <ReferenceSource reference={reference} />
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </li>
  );
}
