import type { AdminDashboard } from '@store/contract/admin/schemas';

const WIDTH = 600;
const HEIGHT = 180;
const GAP = 2;

/**
 * Sales per day as bars, drawn as SVG: a few dozen rectangles need no chart library. The
 * figure is an image with a label; the same numbers are in the table beside it, for screen
 * readers and for reading exact values.
 */
export function SalesChart({
  days,
  label,
  format,
  tick,
}: {
  days: AdminDashboard['sales_per_day'];
  label: string;
  format: (value: string) => string;
  /** A date as the axis shows it. */
  tick: (date: string) => string;
}) {
  const values = days.map((d) => Number(d.sales));
  const max = Math.max(...values, 0) || 1;
  const bar = WIDTH / days.length;
  // Three values on the vertical axis (0, half, the top) and three dates below: read at a glance,
  // as HTML beside the drawing so they keep their size however the SVG stretches.
  const topValue = values.length ? Math.max(...values, 0) : 0;
  const middle = days.length > 2 ? days[Math.floor((days.length - 1) / 2)] : undefined;
  return (
    <div className="admin-chart__frame">
      <div className="admin-chart__values" data-testid="sales-chart-values">
        <span>{format(topValue.toFixed(2))}</span>
        <span>{format((topValue / 2).toFixed(2))}</span>
        <span>{format('0.00')}</span>
      </div>
      <svg
        className="admin-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
        data-testid="sales-chart"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="admin-chart__grid" />
        <line x1="0" x2={WIDTH} y1={1} y2={1} className="admin-chart__grid" />
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="admin-chart__axis" />
        {days.map((d, i) => {
          const h = Math.round((values[i] / max) * HEIGHT);
          return (
            <rect
              key={d.date}
              className="admin-chart__bar"
              x={i * bar + GAP / 2}
              y={HEIGHT - h}
              width={Math.max(1, bar - GAP)}
              height={h}
            >
              <title>{`${d.date}: ${format(d.sales)}`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 1 ? (
        <div className="admin-chart__ticks" aria-hidden="true" data-testid="sales-chart-days">
          <span>{tick(days[0].date)}</span>
          {middle ? <span>{tick(middle.date)}</span> : null}
          <span>{tick(days.at(-1)!.date)}</span>
        </div>
      ) : null}
    </div>
  );
}
