import { Card, Flex, Statistic, Typography } from 'antd';
import { type ReactNode } from 'react';

export interface Figure {
  key: string;
  title: string;
  value: string;
  /** a line under the value (the day before, a rate) */
  note?: ReactNode;
}

/** A row of figures (yesterday's, the platform's counts), each a card of the same size with its title, value and note. */
export function FigureCards({
  figures,
  loading,
  testId,
}: {
  figures: Figure[];
  loading: boolean;
  testId: string;
}) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} data-testid={testId}>
      {figures.map((f) => (
        <Card key={f.key} size="small" loading={loading} style={{ flex: '1 1 140px', minWidth: 140 }}>
          <Statistic title={f.title} value={f.value} />
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', minHeight: 20 }}>
            {f.note ?? ''}
          </Typography.Text>
        </Card>
      ))}
    </Flex>
  );
}
