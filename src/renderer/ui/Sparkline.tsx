/**
 * A small inline trend line (SVG, no inline styles: the CSP allows none). Values are scaled to the
 * box; fewer than two points draw nothing but the baseline.
 */
export function Sparkline({ values, label, width = 64, height = 18 }: { values: readonly number[]; label: string; width?: number; height?: number }) {
  const max = Math.max(...values, 0);
  const min = Math.min(...values, max);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`).join(' ');
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <line className="sparkline-base" x1="0" x2={width} y1={height - 1} y2={height - 1} />
      {values.length > 1 && <polyline className="sparkline-line" points={points} />}
    </svg>
  );
}
