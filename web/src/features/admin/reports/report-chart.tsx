const WIDTH = 420;
const LABEL = 140;
const ROW = 22;
const TOP = 8;
const AXIS = 36;
const RIGHT = 16;

/** A label cut to fit the label column (the full one is in the bar's tooltip and the table). */
function short(label: string) {
  return label.length > 18 ? `${label.slice(0, 17)}…` : label;
}

/**
 * A breakdown as horizontal bars, drawn as SVG like the dashboard's chart: the rows' names on
 * the vertical axis, the value on the horizontal one with its ticks and title. One image with a
 * label for screen readers; the exact numbers are in the table beside it.
 */
export function ReportChart({
  rows,
  label,
  valueAxis,
  format,
  testId,
}: {
  rows: { key: string; label: string; value: number }[];
  label: string;
  /** The horizontal axis's title, e.g. "Ventas (S/)". */
  valueAxis: string;
  format: (value: number) => string;
  testId?: string;
}) {
  const max = Math.max(...rows.map((r) => r.value), 0) || 1;
  const plot = WIDTH - LABEL - RIGHT;
  const height = TOP + rows.length * ROW + AXIS;
  const base = TOP + rows.length * ROW;
  const ticks = [0, max / 2, max];
  return (
    <svg
      className="admin-report-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      {ticks.map((v, i) => {
        const x = LABEL + (v / max) * plot;
        return (
          <g key={i}>
            <line x1={x} x2={x} y1={TOP} y2={base} className="admin-report-chart__grid" />
            <text
              x={x}
              y={base + 12}
              textAnchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'}
              className="admin-report-chart__tick"
            >
              {format(v)}
            </text>
          </g>
        );
      })}
      <line x1={LABEL} x2={LABEL} y1={TOP} y2={base} className="admin-report-chart__axis" />
      <line
        x1={LABEL}
        x2={WIDTH - RIGHT}
        y1={base}
        y2={base}
        className="admin-report-chart__axis"
      />
      {rows.map((r, i) => {
        const y = TOP + i * ROW;
        return (
          <g key={r.key} data-row={r.label}>
            <text
              x={LABEL - 6}
              y={y + ROW / 2 + 4}
              textAnchor="end"
              className="admin-report-chart__label"
            >
              {short(r.label)}
            </text>
            <rect
              className="admin-chart__bar"
              x={LABEL}
              y={y + 3}
              width={Math.max(r.value > 0 ? 1 : 0, (r.value / max) * plot)}
              height={ROW - 6}
            >
              <title>{`${r.label}: ${format(r.value)}`}</title>
            </rect>
          </g>
        );
      })}
      <text
        x={LABEL + plot / 2}
        y={height - 6}
        textAnchor="middle"
        className="admin-report-chart__title"
      >
        {valueAxis}
      </text>
    </svg>
  );
}
