import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Condition } from '@beacon/shared';

/** Conditions as short readable chips: "Country in NG, KE". Tag ids are named through `tagNames` when given. */
export function ConditionSummary({
  conditions,
  tagNames,
}: {
  conditions: Condition[];
  tagNames?: ReadonlyMap<string, string> | undefined;
}) {
  const { t } = useTranslation();
  if (conditions.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {conditions.map((c, index) => {
        const values =
          c.allSelected === 1
            ? t('conditionBuilder.all')
            : c.op === 'atLeast'
              ? t('conditionBuilder.timesInDays', { count: Number(c.values[0]), days: c.values[1] })
              : c.values.map((v) => tagNames?.get(v) ?? v).join(c.op === 'between' ? ' – ' : ', ');
        // an attribute or event row names its key or event (the labels may repeat)
        const subject =
          c.label === 'attribute' ? ` ${c.key ?? ''}` : c.label === 'event' ? ` ${c.event ?? ''}` : '';
        const op = c.op ? ` ${t(`conditionBuilder.ops.${c.op}`)} ` : '';
        return (
          <Tag
            key={`${c.label}-${index}`}
            style={{ marginBottom: 4, maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {t(`conditionBuilder.labels.${c.label}`)}
            {subject}
            {op}
            {c.op ? values : ''}
          </Tag>
        );
      })}
    </>
  );
}
