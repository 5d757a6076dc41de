import { Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../../components/charts';
import { useReach } from '../api/get-reach';
import { formatCount } from '../lib/format';

type Unit = 'minute' | 'hour';

/** The first hour by minute, later hours by hour (part 2 §2): minutes while the message is less than an hour old. */
export function defaultReachUnit(startedAt: string, now: number): Unit {
  const t = Date.parse(startedAt);
  return Number.isNaN(t) || now - t < 3600_000 ? 'minute' : 'hour';
}

/** Trailing empty hours are left out, keeping at least the first 24. */
export function trimHours(hours: readonly number[]): number[] {
  let end = hours.length;
  while (end > 24 && hours[end - 1] === 0) end--;
  return hours.slice(0, end);
}

export function ReachSection({
  appId,
  msgId,
  startedAt,
  refresh,
}: {
  appId: number;
  msgId: number;
  startedAt: string;
  refresh: number | false;
}) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState<Unit>(() => defaultReachUnit(startedAt, Date.now()));
  const reach = useReach(appId, msgId, refresh);
  const values =
    unit === 'minute' ? (reach.data?.minutes_nums ?? []) : trimHours(reach.data?.hours_nums ?? []);
  const labels = values.map((_, i) =>
    t(unit === 'minute' ? 'messages.detail.minuteLabel' : 'messages.detail.hourLabel', { n: i + 1 }),
  );
  const unitName = t(unit === 'minute' ? 'messages.detail.unitMinute' : 'messages.detail.unitHour');

  return (
    <section aria-labelledby={`reach-${msgId}`} data-testid="reach">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id={`reach-${msgId}`} style={{ margin: 0 }}>
          {t('messages.detail.reach')}
        </Typography.Title>
        <Segmented<Unit>
          value={unit}
          onChange={setUnit}
          options={[
            { value: 'minute', label: t('messages.detail.byMinute') },
            { value: 'hour', label: t('messages.detail.byHour') },
          ]}
        />
      </Flex>
      {!reach.data ? (
        <Skeleton active />
      ) : (
        <SeriesChart
          kind={unit === 'minute' ? 'line' : 'bar'}
          values={values}
          labels={labels}
          height={250}
          title={t('messages.detail.reachTitle', { unit: unitName })}
          formatValue={(v) => t('messages.detail.devicesCount', { count: v, formatted: formatCount(v) })}
        />
      )}
    </section>
  );
}
