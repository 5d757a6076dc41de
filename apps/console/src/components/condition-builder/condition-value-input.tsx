import { Checkbox, Flex, InputNumber, Select, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_LABEL_SPECS,
  CONDITION_WINDOWS,
  INACTIVE_DAYS,
  type ConditionDraft,
  type ConditionLabel,
  type TagTreeNode,
} from '@beacon/shared';
import { outOfRange, RangeError } from '../range-error';
import type { ConditionDictionaries, DictOption } from './types';

interface ValueInputProps {
  row: ConditionDraft & { label: ConditionLabel };
  dictionaries: ConditionDictionaries;
  disabled?: boolean | undefined;
  onChange: (patch: Partial<ConditionDraft>) => void;
  ariaLabel: string;
}

const MAX_TAGS = 3;
const toOptions = (values: readonly string[]): DictOption[] => values.map((v) => ({ value: v, label: v }));

function textOptions(label: ConditionLabel, d: ConditionDictionaries): DictOption[] {
  switch (label) {
    case 'country':
      return d.countries;
    case 'language':
      return d.languages;
    case 'brand':
      return toOptions(d.brands.map((b) => b.brand));
    case 'model':
      return toOptions([...new Set(d.brands.flatMap((b) => b.models))].sort());
    case 'operator':
      return toOptions(d.operators);
    case 'appVersion':
      return toOptions(d.appVersions);
    case 'osVersion':
      return d.androidVersions.map((v) => ({
        value: String(v.api),
        label: `${v.api} (Android ${v.version})`,
      }));
    case 'dmpCustomize':
    case 'dmpCustomizeGroup':
      return d.audiencePackages.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` }));
    default:
      return [];
  }
}

type TreeData = { value: string; title: string; children: TreeData[] };
const toTree = (nodes: TagTreeNode[]): TreeData[] =>
  nodes.map((n) => ({ value: String(n.id), title: `${n.name} (${n.code})`, children: toTree(n.children) }));

/** The value editor of one condition row, by the label's kind and the chosen op. */
export function ConditionValueInput({ row, dictionaries, disabled, onChange, ariaLabel }: ValueInputProps) {
  const { t } = useTranslation();
  const spec = CONDITION_LABEL_SPECS[row.label];
  const values = row.values ?? [];
  const all = row.allSelected === 1;
  const setValues = (next: string[]) => onChange({ values: next, allSelected: 0 });

  if (spec.kind === 'none')
    return (
      <Typography.Text type="secondary">
        {t('conditionBuilder.inactiveHint', { days: INACTIVE_DAYS })}
      </Typography.Text>
    );
  if (!row.op) return <Typography.Text type="secondary">{t('conditionBuilder.pickOp')}</Typography.Text>;

  if (spec.kind === 'window') {
    return (
      <Select
        aria-label={ariaLabel}
        disabled={disabled}
        style={{ width: 200 }}
        placeholder={t('conditionBuilder.window')}
        value={values[0]}
        onChange={(v: string) => setValues([v])}
        options={CONDITION_WINDOWS.map((w) => ({
          value: String(w),
          label: t('conditionBuilder.days', { count: w }),
        }))}
      />
    );
  }
  if (spec.kind === 'integer' && row.op !== 'in' && row.op !== 'nin') {
    // the bounds the shared rule (conditionIssues) and so the server check a value by
    const min = spec.min ?? 0;
    const max = spec.max ?? Number.MAX_SAFE_INTEGER;
    const at = (index: number) =>
      values[index] === undefined || values[index] === '' ? null : Number(values[index]);
    const count = row.op === 'between' ? 2 : 1;
    const bad = [0, 1].slice(0, count).some((i) => outOfRange(at(i), min, max));
    const number = (index: number, placeholder: string) => (
      // no min / max: they clamp on blur without a word (Android 99 became 35); the range shows under the row
      <InputNumber
        aria-label={`${ariaLabel} ${placeholder}`}
        aria-valuemin={min}
        aria-valuemax={max}
        disabled={disabled}
        precision={0}
        placeholder={placeholder}
        status={outOfRange(at(index), min, max) ? 'error' : undefined}
        value={at(index)}
        onChange={(v) => {
          const next = [...values];
          next[index] = v === null ? '' : String(v);
          setValues(row.op === 'between' ? [next[0] ?? '', next[1] ?? ''] : [next[0] ?? '']);
        }}
      />
    );
    const inputs =
      row.op === 'between' ? (
        <Flex gap={8} align="center">
          {number(0, t('conditionBuilder.min'))}
          <span>–</span>
          {number(1, t('conditionBuilder.max'))}
        </Flex>
      ) : (
        number(0, t('conditionBuilder.value'))
      );
    // one tree with or without the error: a remounted input would lose the focus while typing
    return (
      <Flex vertical gap={4}>
        {inputs}
        {bad && <RangeError min={min} max={max} />}
      </Flex>
    );
  }

  const allBox = spec.kind !== 'integer' && (
    <Checkbox
      checked={all}
      disabled={disabled}
      onChange={(e) => onChange({ allSelected: e.target.checked ? 1 : 0, values: [] })}
    >
      {t('conditionBuilder.all')}
    </Checkbox>
  );
  if (row.label === 'tags') {
    return (
      <Flex gap={12} align="center">
        <TreeSelect
          aria-label={ariaLabel}
          disabled={disabled || all}
          multiple
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          treeCheckStrictly={false}
          style={{ minWidth: 320 }}
          maxTagCount={MAX_TAGS}
          placeholder={t('conditionBuilder.pickValues')}
          value={values}
          onChange={(v: string[]) => setValues(v)}
          treeData={toTree(dictionaries.interestTags)}
        />
        {allBox}
      </Flex>
    );
  }
  const free = spec.kind === 'text' || spec.kind === 'integer';
  return (
    <Flex gap={12} align="center">
      <Select
        aria-label={ariaLabel}
        mode={free ? 'tags' : 'multiple'}
        disabled={disabled || all}
        style={{ minWidth: 320 }}
        maxTagCount={MAX_TAGS}
        placeholder={t(free ? 'conditionBuilder.typeValues' : 'conditionBuilder.pickValues')}
        value={values}
        onChange={(v: string[]) => setValues(v.map((x) => x.trim()).filter((x) => x !== ''))}
        options={textOptions(row.label, dictionaries)}
        optionFilterProp="label"
        showSearch
      />
      {allBox}
    </Flex>
  );
}
