import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type JourneyOutcome, type JourneyWait } from '@beacon/shared';
import { allowedOutcomes, canConnect, defaultWait, freeOutcome, setBranch } from '../lib/graph-edit';
import { incomingOf, type JourneyGraph } from '../lib/journey-graph-model';
import { WaitInput } from './wait-input';

export interface BranchValue {
  source: string;
  outcome: JourneyOutcome;
  wait: JourneyWait;
}

/**
 * The branch that leads to a step, edited without the canvas: the step it comes after (one that makes no loop), the
 * outcome (those its source leaves free) and the wait. Without a source the step is not reached (checkJourney says so).
 */
export function BranchFields({
  graph,
  target,
  disabled,
  onChange,
}: {
  graph: JourneyGraph;
  target: string;
  disabled: boolean;
  onChange: (next: BranchValue | null) => void;
}) {
  const { t } = useTranslation();
  const edge = incomingOf(graph, target);
  const without = setBranch(graph, target, null);
  const sources = graph.nodes.filter((n) => n.id === edge?.source || canConnect(without, n.id, target));
  const pickSource = (source: string | undefined) => {
    if (!source) return onChange(null);
    const outcome = freeOutcome(without, source) ?? 'clicked';
    onChange({ source, outcome, wait: defaultWait(without, source, outcome) });
  };
  return (
    <>
      <Form.Item label={t('journeys.branch.from')}>
        <Select
          allowClear
          aria-label={t('journeys.branch.from')}
          placeholder={t('journeys.branch.none')}
          disabled={disabled}
          value={edge?.source}
          onChange={pickSource}
          options={sources.map((n) => ({ value: n.id, label: n.step.groupTag || '—' }))}
          data-testid="branch-from"
        />
      </Form.Item>
      {edge && (
        <>
          <Form.Item label={t('journeys.branch.outcome')}>
            <Select
              aria-label={t('journeys.branch.outcome')}
              disabled={disabled}
              value={edge.outcome}
              onChange={(outcome: JourneyOutcome) => onChange({ ...edge, outcome })}
              options={[edge.outcome, ...allowedOutcomes(graph, edge.source, edge.id)]
                .filter((o, i, all) => all.indexOf(o) === i)
                .map((o) => ({ value: o, label: t(`journeys.outcomes.${o}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('journeys.branch.wait')} extra={t('journeys.branch.waitHint')}>
            <WaitInput
              value={edge.wait}
              disabled={disabled}
              onChange={(wait) => onChange({ ...edge, wait })}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}
