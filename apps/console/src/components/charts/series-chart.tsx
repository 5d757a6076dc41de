import { useId, useState } from 'react';
import { CHART_PALETTE, type ChartColor } from './palette';
import { compactNumber, labelEvery, niceScale, xOf, yOf } from './scale';

export interface SeriesChartProps {
  values: readonly number[];
  labels: readonly string[];
  /** What the chart shows, for assistive technology and the caption of its data table. */
  title: string;
  kind?: 'line' | 'bar';
  height?: number;
  /** a colour of the chart palette (its first by default) */
  color?: ChartColor;
  /** How a value reads in the tooltip and the table (e.g. "12 devices"). */
  formatValue?: (v: number) => string;
}

const PAD = { top: 12, right: 12, bottom: 24, left: 44 };
const VIEW_WIDTH = 720;

/**
 * A small dependency-free SVG chart of one series (line or bars) with a nice value axis. It scales to its
 * container's width, shows the hovered or focused point's value, and carries a visually hidden table of every value.
 */
export function SeriesChart({
  values,
  labels,
  title,
  kind = 'line',
  height = 250,
  color = CHART_PALETTE[0],
  formatValue = String,
}: SeriesChartProps) {
  const id = useId();
  const [active, setActive] = useState<number>();
  const scale = niceScale(Math.max(0, ...values));
  const w = VIEW_WIDTH - PAD.left - PAD.right;
  const h = height - PAD.top - PAD.bottom;
  const n = values.length;
  const points = values.map((v, i) => [xOf(i, n, w), yOf(v, scale, h)] as const);
  const every = labelEvery(n, 12);
  const slot = n > 0 ? w / n : w;
  const activeValue = active === undefined ? undefined : values[active];

  return (
    <figure style={{ margin: 0 }} data-testid="series-chart">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
        width="100%"
        style={{ display: 'block', maxHeight: height, overflow: 'visible' }}
        onMouseLeave={() => setActive(undefined)}
      >
        <title id={`${id}-title`}>{title}</title>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          {scale.ticks.map((t) => (
            <g key={t}>
              <line x1={0} x2={w} y1={yOf(t, scale, h)} y2={yOf(t, scale, h)} stroke="#eef0f4" />
              <text x={-8} y={yOf(t, scale, h)} dy="0.32em" textAnchor="end" fontSize={11} fill="#8c8c8c">
                {compactNumber(t)}
              </text>
            </g>
          ))}
          {kind === 'bar'
            ? points.map(([x, y], i) => (
                <rect
                  key={i}
                  data-testid="chart-bar"
                  x={x - slot * 0.35}
                  width={slot * 0.7}
                  y={y}
                  height={h - y}
                  rx={2}
                  fill={color}
                  opacity={active === undefined || active === i ? 1 : 0.5}
                />
              ))
            : n > 0 && (
                <>
                  <path
                    d={`M${points.map(([x, y]) => `${x},${y}`).join('L')}L${points[n - 1]?.[0] ?? 0},${h}L${points[0]?.[0] ?? 0},${h}Z`}
                    fill={color}
                    opacity={0.08}
                  />
                  <path
                    data-testid="chart-line"
                    d={`M${points.map(([x, y]) => `${x},${y}`).join('L')}`}
                    fill="none"
                    stroke={color}
                    strokeWidth={2}
                  />
                </>
              )}
          {labels.map((label, i) =>
            i % every === 0 ? (
              <text key={i} x={xOf(i, n, w)} y={h + 16} textAnchor="middle" fontSize={11} fill="#8c8c8c">
                {label}
              </text>
            ) : null,
          )}
          {points.map(([x], i) => (
            <rect
              key={i}
              x={x - slot / 2}
              width={slot}
              y={0}
              height={h}
              fill="transparent"
              onMouseEnter={() => setActive(i)}
            />
          ))}
          {active !== undefined && points[active] && (
            <g pointerEvents="none">
              <line
                x1={points[active][0]}
                x2={points[active][0]}
                y1={0}
                y2={h}
                stroke="#bfbfbf"
                strokeDasharray="3 3"
              />
              <circle cx={points[active][0]} cy={points[active][1]} r={4} fill={color} />
            </g>
          )}
        </g>
      </svg>
      <figcaption
        aria-live="polite"
        style={{ minHeight: 20, fontSize: 12, color: '#595959', textAlign: 'right' }}
      >
        {activeValue !== undefined ? `${labels[active ?? 0] ?? ''}: ${formatValue(activeValue)}` : ''}
      </figcaption>
      <table style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <caption>{title}</caption>
        <tbody>
          {values.map((v, i) => (
            <tr key={i}>
              <th scope="row">{labels[i]}</th>
              <td>{formatValue(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
