import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHART_PALETTE, chartColor, lightOf } from './palette';
import { SeriesChart } from './series-chart';

afterEach(() => cleanup());

describe('chart palette', () => {
  it('has 16 distinct colours (part 1 §9)', () => {
    expect(CHART_PALETTE).toHaveLength(16);
    expect(new Set(CHART_PALETTE.map((c) => c.toLowerCase())).size).toBe(16);
    expect(CHART_PALETTE.every((c) => /^#[0-9a-f]{6}$/i.test(c))).toBe(true);
  });

  it('wraps after 16 and pairs each strong colour with its light partner', () => {
    expect([chartColor(0), chartColor(16), chartColor(17), chartColor(-1)]).toEqual([
      CHART_PALETTE[0],
      CHART_PALETTE[0],
      CHART_PALETTE[1],
      CHART_PALETTE[15],
    ]);
    expect(lightOf(CHART_PALETTE[2])).toBe(CHART_PALETTE[10]);
  });

  it('colours the SVG chart with the palette’s first colour unless given another of it', () => {
    const { rerender } = render(<SeriesChart title="Reach" values={[1, 2]} labels={['a', 'b']} kind="bar" />);
    expect(screen.getAllByTestId('chart-bar').map((b) => b.getAttribute('fill'))).toEqual([
      CHART_PALETTE[0],
      CHART_PALETTE[0],
    ]);
    rerender(<SeriesChart title="Reach" values={[1, 2]} labels={['a', 'b']} color={CHART_PALETTE[3]} />);
    expect(screen.getByTestId('chart-line').getAttribute('stroke')).toBe(CHART_PALETTE[3]);
  });
});
