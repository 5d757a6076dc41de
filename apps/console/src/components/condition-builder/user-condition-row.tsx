import { DatePicker, Flex, InputNumber, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  isValuelessOp,
  USER_CONDITION_LIMITS,
  userConditionOps,
  type ConditionDraft,
  type ConditionOp,
} from '@beacon/shared';
import { outOfRange, RangeError, type RangeUnit } from '../range-error';
import type { ConditionDictionaries } from './types';

interface UserConditionRowProps {
  row: ConditionDraft & { label: 'attribute' | 'event' };
  n: number;
  dictionaries: ConditionDictionaries;
  disabled?: boolean | undefined;
  onChange: (patch: Partial<ConditionDraft>) => void;
}

const DAY_FORMAT = 'YYYY-MM-DD';
const MAX_TAGS = 3;

/**
 * The fields of an attribute row (the key from the app's attributes, then an op of its type and values of its type)
 * or an event row (the name from the app's events, an op, then a count and a window, a window, or a day). Every field
 * is a select, a number or a date input: usable by keyboard.
 */
export function UserConditionRow({ row, n, dictionaries, disabled, onChange }: UserConditionRowProps) {
  const { t } = useTranslation();
  const values = row.values ?? [];
  const isEvent = row.label === 'event';
  const ops = userConditionOps({ label: row.label, attributeType: row.attributeType });
  const valuesLabel = t('conditionBuilder.valuesOf', { n });
  const setValue = (index: number, v: string, size: number) => {
    const next = Array.from({ length: size }, (_, i) => values[i] ?? '');
    next[index] = v;
    onChange({ values: next });
  };
  const number = (
    index: number,
    size: number,
    placeholder: string,
    opts: { min?: number; max?: number; int?: boolean; unit?: RangeUnit },
  ) => {
    const value = values[index] === undefined || values[index] === '' ? null : Number(values[index]);
    const ranged = opts.min !== undefined && opts.max !== undefined;
    const bad = ranged && outOfRange(value, opts.min ?? 0, opts.max ?? 0);
    // no min / max: they clamp on blur without a word (400 days became 365); the range shows under the input
    const input = (
      <InputNumber
        aria-label={`${valuesLabel} ${placeholder}`}
        aria-valuemin={opts.min}
        aria-valuemax={opts.max}
        disabled={disabled}
        placeholder={placeholder}
        status={bad ? 'error' : undefined}
        {...(opts.int ? { precision: 0 } : {})}
        style={{ width: 140 }}
        value={value}
        onChange={(v) => setValue(index, v === null ? '' : String(v), size)}
      />
    );
    // one tree with or without the error: a remounted input would lose the focus while typing
    return (
      <Flex key={`n${index}`} vertical gap={4}>
        {input}
        {bad && <RangeError min={opts.min ?? 0} max={opts.max ?? 0} unit={opts.unit} />}
      </Flex>
    );
  };
  const day = (index: number, size: number, placeholder: string) => (
    <DatePicker
      key={`d${index}`}
      aria-label={`${valuesLabel} ${placeholder}`}
      disabled={disabled}
      placeholder={placeholder}
      format={DAY_FORMAT}
      value={values[index] ? dayjs(values[index], DAY_FORMAT) : null}
      onChange={(d) => setValue(index, d ? d.format(DAY_FORMAT) : '', size)}
    />
  );
  const tags = (options: Array<{ value: string; label: string }> = []) => (
    <Select
      aria-label={valuesLabel}
      mode={options.length ? 'multiple' : 'tags'}
      disabled={disabled}
      style={{ minWidth: 260 }}
      maxTagCount={MAX_TAGS}
      placeholder={t(options.length ? 'conditionBuilder.pickValues' : 'conditionBuilder.typeValues')}
      value={values}
      onChange={(v: string[]) => onChange({ values: v.map((x) => x.trim()).filter((x) => x !== '') })}
      options={options}
    />
  );

  const L = USER_CONDITION_LIMITS;
  let valueInput: React.ReactNode = null;
  if (!row.op) valueInput = null;
  else if (isValuelessOp(row.op))
    valueInput = (
      <Typography.Text type="secondary">{t(`conditionBuilder.userHints.${row.op}`)}</Typography.Text>
    );
  else if (isEvent) {
    if (row.op === 'atLeast')
      valueInput = (
        <Flex gap={8} align="center">
          {number(0, 2, t('conditionBuilder.times'), { min: 1, max: L.eventCountMax, int: true })}
          <span>{t('conditionBuilder.inLast')}</span>
          {number(1, 2, t('conditionBuilder.daysCount'), {
            min: 1,
            max: L.eventDaysMax,
            int: true,
            unit: 'days',
          })}
        </Flex>
      );
    else if (row.op === 'notWithin')
      valueInput = number(0, 1, t('conditionBuilder.daysCount'), {
        min: 1,
        max: L.eventDaysMax,
        int: true,
        unit: 'days',
      });
    else valueInput = day(0, 1, t('conditionBuilder.day'));
  } else {
    switch (row.attributeType) {
      case 'number':
        if (row.op === 'in' || row.op === 'nin') valueInput = tags();
        else if (row.op === 'between')
          valueInput = (
            <Flex gap={8} align="center">
              {number(0, 2, t('conditionBuilder.min'), {})}
              <span>–</span>
              {number(1, 2, t('conditionBuilder.max'), {})}
            </Flex>
          );
        else valueInput = number(0, 1, t('conditionBuilder.value'), {});
        break;
      case 'boolean':
        valueInput = tags([
          { value: 'true', label: t('conditionBuilder.boolean.true') },
          { value: 'false', label: t('conditionBuilder.boolean.false') },
        ]);
        break;
      case 'date':
        if (row.op === 'within')
          valueInput = number(0, 1, t('conditionBuilder.daysCount'), {
            min: 1,
            max: L.dateDaysMax,
            int: true,
            unit: 'days',
          });
        else if (row.op === 'between')
          valueInput = (
            <Flex gap={8} align="center">
              {day(0, 2, t('conditionBuilder.from'))}
              <span>–</span>
              {day(1, 2, t('conditionBuilder.to'))}
            </Flex>
          );
        else valueInput = day(0, 1, t('conditionBuilder.day'));
        break;
      default:
        valueInput = tags();
    }
  }

  const names = isEvent
    ? dictionaries.eventNames.map((name) => ({ value: name, label: name }))
    : dictionaries.attributes.map((a) => ({
        value: a.key,
        label: `${a.key} (${t(`conditionBuilder.types.${a.type}`)})`,
      }));
  return (
    <>
      <Select<string>
        aria-label={t(isEvent ? 'conditionBuilder.eventOf' : 'conditionBuilder.keyOf', { n })}
        disabled={disabled}
        style={{ width: 200 }}
        placeholder={t(isEvent ? 'conditionBuilder.pickEvent' : 'conditionBuilder.pickKey')}
        notFoundContent={t(isEvent ? 'conditionBuilder.noEvents' : 'conditionBuilder.noAttributes')}
        value={(isEvent ? row.event : row.key) || undefined}
        onChange={(picked) => {
          if (isEvent) return onChange({ event: picked });
          const type = dictionaries.attributes.find((a) => a.key === picked)?.type;
          // another type: its ops and values differ
          onChange(
            type === row.attributeType
              ? { key: picked }
              : {
                  key: picked,
                  attributeType: type,
                  op: type
                    ? (userConditionOps({ label: 'attribute', attributeType: type })[0] as ConditionOp)
                    : '',
                  values: [],
                },
          );
        }}
        options={names}
        showSearch
        optionFilterProp="label"
      />
      {ops.length > 0 && (
        <Select<ConditionOp>
          aria-label={t('conditionBuilder.opOf', { n })}
          disabled={disabled}
          style={{ width: 170 }}
          value={row.op || undefined}
          onChange={(op) => onChange({ op, values: [] })}
          options={ops.map((op) => ({ value: op as ConditionOp, label: t(`conditionBuilder.ops.${op}`) }))}
          showSearch
          optionFilterProp="label"
        />
      )}
      {valueInput}
    </>
  );
}
