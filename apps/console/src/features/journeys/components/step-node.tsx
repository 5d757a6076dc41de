import { NotificationOutlined, CodeOutlined, WarningOutlined } from '@ant-design/icons';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../messages';
import { type StepFlowNode } from './canvas-types';
import { useCount } from './use-count';

export const NODE_WIDTH = 230;

const FIGURES = ['pushCount', 'dispatchCount', 'arriveAll', 'show', 'click'] as const;

/** A step on the canvas: name, kind and title; a red border with its problems; in view mode its figures. */
export function StepNode({ data, selected }: NodeProps<StepFlowNode>) {
  const { t } = useTranslation();
  const count = useCount();
  const { step, entry, problems, row, counting, live } = data;
  // an event journey's step is a live message: what it targeted so far (push_count is a floor of 1 there); its entry
  // shows the entries and exits instead of the audience that may enter
  const figures = live ? (['targetCount', ...FIGURES.slice(1)] as const) : FIGURES;
  const head: Array<[string, string]> =
    live && entry
      ? [
          ['entries', count(live.entries)],
          ['exits', count(live.exits)],
        ]
      : [['estimate', counting ? '—' : count(row?.estimate ?? null)]];
  const border =
    problems.length > 0 ? '2px solid #ff4d4f' : selected ? '2px solid #4c6ef5' : '1px solid #d9d9d9';
  const title =
    step.kind === 'cross' ? step.content.description : step.content.title || step.content.description;
  return (
    <div
      data-testid={`node-${step.groupTag}`}
      data-problems={problems.length}
      style={{ width: NODE_WIDTH, border, borderRadius: 8, background: '#fff', padding: '8px 10px' }}
    >
      {!entry && <Handle type="target" position={Position.Top} />}
      <Flex justify="space-between" align="center" gap={6}>
        <Typography.Text strong ellipsis style={{ maxWidth: 130 }}>
          {step.kind === 'cross' ? <CodeOutlined /> : <NotificationOutlined />} {step.groupTag || '—'}
        </Typography.Text>
        {entry ? (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('journeys.step.entry')}
          </Tag>
        ) : (
          <Tag style={{ marginInlineEnd: 0 }}>{t(`journeys.step.kinds.${step.kind}`)}</Tag>
        )}
      </Flex>
      {title && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {title}
        </Typography.Text>
      )}
      {problems.length > 0 && (
        <Tooltip
          title={problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        >
          <Typography.Text
            type="danger"
            style={{ display: 'block', fontSize: 12 }}
            data-testid="node-problem"
          >
            <WarningOutlined /> {problems[0]}
            {problems.length > 1 && ` (+${problems.length - 1})`}
          </Typography.Text>
        </Tooltip>
      )}
      {row && (
        <div style={{ marginTop: 6, fontSize: 12 }} data-testid={`node-figures-${step.groupTag}`}>
          <StatusTag status={row.status} />
          <div style={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 8, marginTop: 4 }}>
            {head.map(([key, value]) => [
              <span key={key}>
                {t(key === 'estimate' ? 'journeys.preview.estimate' : `journeys.figures.${key}`)}
              </span>,
              <span key={`${key}-n`} data-testid={`figure-${step.groupTag}-${key}`}>
                {value}
              </span>,
            ])}
            {figures.map((key) => [
              <span key={key}>{t(`journeys.figures.${key}`)}</span>,
              <span key={`${key}-n`} data-testid={`figure-${step.groupTag}-${key}`}>
                {counting ? '—' : count(row[key])}
              </span>,
            ])}
          </div>
        </div>
      )}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}
