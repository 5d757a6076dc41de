import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageDetail } from '@beacon/shared';
import { useDispatchLoss } from '../api/get-dispatch-loss';
import { useFunnel } from '../api/get-funnel';
import { ForecastTable } from './forecast-table';

interface ForecastSectionProps {
  appId: number;
  m: MessageDetail;
  refresh: number | false;
  /** whether the reader sees the funnel (project level 100): its sends then, the record's dispatched otherwise */
  withFunnel: boolean;
}

/** "Forecast vs actual": the forecast stored when the message was saved, beside the losses and sends counted since. */
export function ForecastSection({ appId, m, refresh, withFunnel }: ForecastSectionProps) {
  const { t } = useTranslation();
  const loss = useDispatchLoss(appId, m.msgId, m.forecast !== null, refresh);
  // the devices FCM accepted: the funnel's channel reach (the funnel section reads the same query, refreshed while it
  // sends), or for readers who are not asked the funnel the record's dispatched (the same counter)
  const funnel = useFunnel(appId, m.msgId, refresh, withFunnel);
  const sent = withFunnel ? funnel.data?.channelReach : m.dispatchCount;
  const forecast = m.forecast;
  return (
    <section aria-labelledby={`forecast-${m.msgId}`} data-testid="forecast-vs-actual">
      <Typography.Title level={5} id={`forecast-${m.msgId}`} style={{ marginTop: 0 }}>
        {t('messages.forecast.title')}
      </Typography.Title>
      {!forecast ? (
        <Typography.Text type="secondary">{t('messages.forecast.missing')}</Typography.Text>
      ) : !loss.data || sent === undefined ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <ForecastTable
            forecast={forecast}
            pushCount={m.pushCount}
            actual={{
              losses: new Map(loss.data.messageDistributionLoseList.map((l) => [l.type, l.count])),
              sent,
            }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {forecast.exact
              ? t('messages.forecast.exactNote')
              : t('messages.forecast.sampledNote', {
                  error: Math.round((forecast.error ?? 0) * 1000) / 10,
                })}
          </Typography.Text>
        </>
      )}
    </section>
  );
}
