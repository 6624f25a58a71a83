import { useEffect } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { DataTable } from '../ui/DataTable';

const number = new Intl.NumberFormat();

/**
 * What a client's context holds through Gatehouse (the gateway.* tool list) against the downstream tool
 * lists it replaces, per server and in total, counted with the tokenizer the figures name.
 */
export function TokenMeterCard() {
  const meter = useGatehouseStore((s) => s.tokenMeter);
  const error = useGatehouseStore((s) => s.tokenMeterError);
  const load = useGatehouseStore((s) => s.loadTokenMeter);
  // Tool lists change when servers start or stop: recount on those pushes.
  const toolsKey = useGatehouseStore((s) => s.rows.map((r) => `${r.name}:${r.tool_count}`).join('|'));
  useEffect(() => {
    void toolsKey;
    void load();
  }, [load, toolsKey]);

  if (error) return <div className="banner banner-error">Token meter unavailable: {error}</div>;
  if (!meter) return <p className="empty">Counting tokens…</p>;
  const saved = meter.downstream.tokens - meter.gateway.tokens;
  const widest = Math.max(meter.gateway.tokens, meter.downstream.tokens, 1);
  return (
    <section className="card token-meter" aria-labelledby="token-meter-heading" data-testid="token-meter">
      <h3 className="card-title" id="token-meter-heading">
        Context cost of tool lists
      </h3>
      <div className="meter-bars">
        <MeterBar label="Through Gatehouse" detail={`${meter.gateway.tools} gateway.* tools`} tokens={meter.gateway.tokens} widest={widest} tone="accent" />
        <MeterBar label="Every server directly" detail={`${meter.downstream.tools} tools`} tokens={meter.downstream.tokens} widest={widest} tone="muted" />
      </div>
      <p className="meter-verdict" data-testid="token-verdict">
        {meter.downstream.tokens === 0
          ? 'No downstream tool list is known yet: start a server to compare.'
          : saved > 0
            ? `A client saves ${number.format(saved)} tokens of context per conversation.`
            : `Gatehouse's list costs ${number.format(-saved)} tokens more than these servers' own lists; it pays off as servers are added.`}
      </p>
      <DataTable label="Tokens per server" columns={['Server', 'Tools', 'Tokens', 'From']}>
        {meter.servers.map((server) => (
          <tr key={server.name}>
            <th scope="row">{server.name}</th>
            <td className="mono">{server.tools}</td>
            <td className="mono">{server.basis === 'unknown' ? '—' : number.format(server.tokens)}</td>
            <td>{server.basis === 'live' ? 'running list' : server.basis === 'cached' ? 'last list seen' : 'never listed'}</td>
          </tr>
        ))}
      </DataTable>
      <p className="panel-footnote">Counted as {meter.method}.</p>
    </section>
  );
}

function MeterBar({ label, detail, tokens, widest, tone }: { label: string; detail: string; tokens: number; widest: number; tone: 'accent' | 'muted' }) {
  return (
    <div className="meter-row">
      <span className="meter-label">
        {label} <span className="muted-note">{detail}</span>
      </span>
      <meter className={`meter meter-${tone}`} min={0} max={widest} value={tokens} aria-label={`${label}: ${tokens} tokens`} />
      <span className="mono meter-figure">{number.format(tokens)} tokens</span>
    </div>
  );
}
