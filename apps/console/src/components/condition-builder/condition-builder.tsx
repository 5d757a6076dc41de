import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  availableLabels,
  canAddCondition,
  CONDITION_LABEL_SPECS,
  TAG_FLAG_OF,
  type ConditionDraft,
  type ConditionLabel,
  type ConditionOp,
} from '@beacon/shared';
import { ConditionValueInput } from './condition-value-input';
import { UserConditionRow } from './user-condition-row';
import type { ConditionDictionaries } from './types';

export interface ConditionBuilderProps {
  value: ConditionDraft[];
  onChange: (rows: ConditionDraft[]) => void;
  dictionaries: ConditionDictionaries;
  disabled?: boolean;
}

const isUserLabel = (label: ConditionLabel) => label === 'attribute' || label === 'event';

/**
 * Edits a list of target conditions by the shared rules (part 2 §5): each label once (user attributes and custom
 * events as many times as needed, each row its own key or name: user-condition-row.tsx), appVersion and appVersionCode
 * exclusive, advanced labels only when allowed, and a new row only when the last one is complete. Submitters drop
 * incomplete rows with completeConditions().
 */
export function ConditionBuilder({ value, onChange, dictionaries, disabled }: ConditionBuilderProps) {
  const { t } = useTranslation();
  const rows = value.length ? value : [{}];
  const update = (index: number, patch: Partial<ConditionDraft>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const pickLabel = (index: number, label: ConditionLabel) => {
    const spec = CONDITION_LABEL_SPECS[label];
    const flag = TAG_FLAG_OF[label];
    // an attribute's ops come with its type (picked with its key); an event starts at "at least N times"
    const op: ConditionOp | '' =
      label === 'attribute'
        ? ''
        : label === 'event'
          ? 'atLeast'
          : spec.ops.length === 1
            ? (spec.ops[0] ?? '')
            : spec.ops.length
              ? 'in'
              : '';
    onChange(
      rows.map((r, i) =>
        i === index
          ? {
              label,
              op,
              values: [],
              allSelected: 0,
              ...(label === 'dmpCustomizeGroup' && flag ? { dmp: flag } : {}),
            }
          : r,
      ),
    );
  };
  const canAdd =
    canAddCondition(rows) && availableLabels(rows, rows.length, dictionaries.advancedTargeting).length > 0;

  return (
    <Flex vertical gap={12} data-testid="condition-builder">
      {rows.map((row, index) => {
        const labels = availableLabels(rows, index, dictionaries.advancedTargeting);
        const n = index + 1;
        return (
          <Flex key={index} gap={8} align="center" wrap data-testid={`condition-row-${index}`}>
            <Select<ConditionLabel>
              aria-label={t('conditionBuilder.labelOf', { n })}
              disabled={disabled}
              style={{ width: 200 }}
              placeholder={t('conditionBuilder.pickLabel')}
              value={row.label}
              onChange={(label) => pickLabel(index, label)}
              options={labels.map((l) => ({ value: l, label: t(`conditionBuilder.labels.${l}`) }))}
              showSearch
              optionFilterProp="label"
            />
            {(row.label === 'attribute' || row.label === 'event') && (
              <UserConditionRow
                row={{ ...row, label: row.label }}
                n={n}
                dictionaries={dictionaries}
                disabled={disabled}
                onChange={(patch) => update(index, patch)}
              />
            )}
            {row.label && !isUserLabel(row.label) && CONDITION_LABEL_SPECS[row.label].ops.length > 1 && (
              <Select<ConditionOp>
                aria-label={t('conditionBuilder.opOf', { n })}
                disabled={disabled}
                style={{ width: 150 }}
                value={row.op || undefined}
                onChange={(op) => update(index, { op, values: [], allSelected: 0 })}
                options={CONDITION_LABEL_SPECS[row.label].ops.map((op) => ({
                  value: op,
                  label: t(`conditionBuilder.ops.${op}`),
                }))}
                showSearch
                optionFilterProp="label"
              />
            )}
            {row.label && !isUserLabel(row.label) && (
              <ConditionValueInput
                row={{ ...row, label: row.label }}
                dictionaries={dictionaries}
                disabled={disabled}
                ariaLabel={t('conditionBuilder.valuesOf', { n })}
                onChange={(patch) => update(index, patch)}
              />
            )}
            <Tooltip title={t('conditionBuilder.remove')}>
              <Button
                aria-label={t('conditionBuilder.removeOf', { n })}
                type="text"
                danger
                disabled={disabled}
                icon={<DeleteOutlined />}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              />
            </Tooltip>
          </Flex>
        );
      })}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={disabled || !canAdd}
          onClick={() => onChange([...rows, {}])}
        >
          {t('conditionBuilder.add')}
        </Button>
      </div>
    </Flex>
  );
}
