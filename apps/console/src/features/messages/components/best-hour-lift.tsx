import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageDetail } from '@beacon/shared';
import { formatCount, formatLift, formatRate } from '../lib/format';

const pct = (p: number) => formatRate(Math.round(p * 10_000) / 100);

/**
 * A best-hour message's result (@beacon/shared bestHourLift): the click rate of the devices sent at their best hour
 * against the control group sent at once, and the lift in percentage points with its 95 % interval.
 */
export function BestHourLift({ m }: { m: MessageDetail }) {
  const { t } = useTranslation();
  const b = m.bestHour;
  if (!b) return null;
  return (
    <section data-testid="best-hour-lift" style={{ marginTop: 12 }}>
      <Typography.Title level={5}>{t('messages.detail.bestHour.title')}</Typography.Title>
      <Descriptions size="small" column={1} labelStyle={{ width: 220 }}>
        <Descriptions.Item label={t('messages.detail.bestHour.best')}>
          {t('messages.detail.bestHour.group', {
            rate: pct(b.bestRate),
            click: formatCount(b.best.click),
            show: formatCount(b.best.show),
            dispatched: formatCount(b.best.dispatched),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('messages.detail.bestHour.control', { share: m.controlShare })}>
          {t('messages.detail.bestHour.group', {
            rate: pct(b.controlRate),
            click: formatCount(b.control.click),
            show: formatCount(b.control.show),
            dispatched: formatCount(b.control.dispatched),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('messages.detail.bestHour.lift')}>
          <span data-testid="best-hour-lift-value">
            {t('messages.detail.bestHour.liftValue', {
              lift: formatLift(b.lift),
              low: formatLift(b.low),
              high: formatLift(b.high),
            })}
          </span>{' '}
          <Tag color={b.significant ? (b.lift > 0 ? 'green' : 'red') : 'default'}>
            {t(
              b.significant
                ? 'messages.detail.bestHour.significant'
                : 'messages.detail.bestHour.notSignificant',
            )}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}
