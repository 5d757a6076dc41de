import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type JourneyOutcome } from '@beacon/shared';
import { allowedOutcomes } from '../lib/graph-edit';
import { nodeOf, type JourneyEdge, type JourneyGraph } from '../lib/journey-graph-model';
import { WaitInput } from './wait-input';
import { Form } from '../../../components/form';

interface EdgeDrawerProps {
  graph: JourneyGraph;
  edge: JourneyEdge;
  /** the problems of the step it leads to */
  problems: string[];
  readOnly: boolean;
  onChange: (patch: Partial<Pick<JourneyEdge, 'outcome' | 'wait'>>) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** A branch opened from its label: its outcome (those its source leaves free) and wait, or its removal. */
export function EdgeDrawer({
  graph,
  edge,
  problems,
  readOnly,
  onChange,
  onDelete,
  onClose,
}: EdgeDrawerProps) {
  const { t } = useTranslation();
  const from = nodeOf(graph, edge.source)?.step.groupTag ?? '';
  const to = nodeOf(graph, edge.target)?.step.groupTag ?? '';
  return (
    <Drawer
      open
      size={380}
      title={t('journeys.branch.title', { from, to })}
      onClose={onClose}
      data-testid="edge-drawer"
      extra={
        !readOnly && (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="edge-delete">
            {t('journeys.branch.delete')}
          </Button>
        )
      }
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        />
      )}
      <Form layout="vertical" disabled={readOnly}>
        <Form.Item label={t('journeys.branch.outcome')}>
          <Select
            aria-label={t('journeys.branch.outcome')}
            value={edge.outcome}
            onChange={(outcome: JourneyOutcome) => onChange({ outcome })}
            options={[edge.outcome, ...allowedOutcomes(graph, edge.source, edge.id)]
              .filter((o, i, all) => all.indexOf(o) === i)
              .map((o) => ({ value: o, label: t(`journeys.outcomes.${o}`) }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t(`journeys.outcomeHelp.${edge.outcome}`)}
        </Typography.Paragraph>
        <Form.Item label={t('journeys.branch.wait')} extra={t('journeys.branch.waitHint')}>
          <WaitInput value={edge.wait} disabled={readOnly} onChange={(wait) => onChange({ wait })} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
