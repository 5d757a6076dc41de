import { WarningOutlined } from '@ant-design/icons';
import { Badge, Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nodeOf, type JourneyGraph } from '../lib/journey-graph-model';

/**
 * The steps as a list beside the canvas, in saved order, each with its problem count: the keyboard's way to a step,
 * and a summary of what still blocks saving.
 */
export function StepOutline({
  graph,
  order,
  problems,
  onOpen,
}: {
  graph: JourneyGraph;
  order: readonly string[];
  problems: ReadonlyMap<string, readonly string[]>;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('journeys.outline.title')} variant="borderless" data-testid="step-outline">
      <List
        size="small"
        dataSource={[...order]}
        renderItem={(id) => {
          const step = nodeOf(graph, id)?.step;
          const list = problems.get(id) ?? [];
          return (
            <List.Item
              onClick={() => onOpen(id)}
              style={{ cursor: 'pointer' }}
              data-testid={`outline-${id}`}
              title={list.join('\n') || undefined}
            >
              <Typography.Text ellipsis style={{ maxWidth: 150 }}>
                {id === graph.entryId ? `${t('journeys.step.entry')} · ` : ''}
                {step?.groupTag || '—'}
              </Typography.Text>
              {list.length > 0 && (
                <Badge count={list.length} size="small" data-testid={`outline-problems-${id}`}>
                  <WarningOutlined style={{ color: '#ff4d4f' }} />
                </Badge>
              )}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
