import { Checkbox, Flex } from 'antd';
import type { CSSProperties } from 'react';

interface SeriesLegendProps<K extends string> {
  /** What the group of boxes is, for assistive technology. */
  label: string;
  testId: string;
  series: readonly K[];
  selected: K[];
  onChange: (selected: K[]) => void;
  colorOf: (key: K) => string;
  nameOf: (key: K) => string;
  style?: CSSProperties;
}

/** A chart's legend: each series named in its colour, with a box that shows or hides it. */
export function SeriesLegend<K extends string>({
  label,
  testId,
  series,
  selected,
  onChange,
  colorOf,
  nameOf,
  style,
}: SeriesLegendProps<K>) {
  return (
    <div role="group" aria-label={label} data-testid={testId} style={style}>
      <Checkbox.Group<K>
        value={selected}
        onChange={onChange}
        options={series.map((key) => ({
          value: key,
          label: (
            <Flex align="center" gap={6} component="span">
              <span
                aria-hidden
                style={{ width: 10, height: 10, borderRadius: 5, background: colorOf(key) }}
              />
              {nameOf(key)}
            </Flex>
          ),
        }))}
      />
    </div>
  );
}
