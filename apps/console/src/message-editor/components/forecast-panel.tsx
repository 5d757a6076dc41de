import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScheduleType, type MessageSaveInput, type TargetMaxInput } from '@beacon/shared';
import { formatDateTime } from '../../lib/date-format';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../i18n/language';
import { formatNumber } from '../../lib/number-format';
import { useEditorPorts } from '../ports';
import { useForecast } from '../api/get-target-max';

/**
 * The forecast's question: the message's targeting, kinds (restrict type, message type), schedule, time to live,
 * own control share and material (its countries), as it will be saved.
 */
export function forecastRequest(p: MessageSaveInput): TargetMaxInput {
  return {
    targetingType: p.targetingType,
    conditions: p.conditions,
    groupId: p.groupId,
    userIds: p.userIds,
    fileOrigin: p.fileOrigin,
    fileLink: p.fileLink,
    msgRestrictType: p.msgRestrictType,
    // its type: the app's frequency caps of that kind (loss 110)
    msgType: p.msgType,
    scheduleType: p.scheduleType,
    scheduleDate: p.scheduleDate,
    scheduleUTC: p.scheduleUTC,
    timeToLive: p.timeToLive,
    // its own control share: the devices it holds out (loss 114)
    ...(p.holdoutShare ? { holdoutShare: p.holdoutShare } : {}),
    ...(p.scheduleType === ScheduleType.BEST_HOUR
      ? { controlShare: p.controlShare, speedLimit: p.speedLimit ?? 0 }
      : {}),
    ...(p.materialId ? { materialId: p.materialId } : {}),
  };
}

/**
 * The confirmation's forecast before send: the audience estimate, the expected sends and the devices each
 * dispatch-loss reason will take, from the engine's own filters and policies over the estimate's devices.
 */
export function ForecastPanel({ appId, payload }: { appId: number; payload: MessageSaveInput }) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const query = useForecast(appId, forecastRequest(payload));
  const { ForecastTable } = useEditorPorts();
  const forecast = query.data?.forecast;
  return (
    <section aria-labelledby="compose-forecast" data-testid="confirm-forecast" style={{ marginTop: 16 }}>
      <Typography.Title level={5} id="compose-forecast" style={{ marginTop: 0 }}>
        {t('compose.confirm.forecast.title')}
      </Typography.Title>
      {query.isError || (query.data && !forecast) ? (
        <Alert type="warning" showIcon title={t('compose.confirm.forecast.failed')} />
      ) : !query.data || !forecast ? (
        <Flex gap={8} align="center" data-testid="forecast-loading">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('compose.confirm.forecast.loading')}</Typography.Text>
        </Flex>
      ) : (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="forecast-audience">
            {t('compose.confirm.forecast.audience', {
              value: `${query.data.exact ? '' : '≈ '}${formatNumber(query.data.newCount, lang)}`,
            })}
          </Typography.Paragraph>
          {forecast.bestHour && (
            <Alert
              type={forecast.bestHour.crowded ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 8 }}
              data-testid="forecast-best-hour"
              title={t(
                forecast.bestHour.crowded
                  ? 'compose.confirm.forecast.bestHourCrowded'
                  : 'compose.confirm.forecast.bestHour',
                {
                  devices: formatNumber(forecast.bestHour.devices, lang),
                  control: formatNumber(forecast.bestHour.control, lang),
                  hours: forecast.bestHour.spreadHours,
                  finish: formatDateTime(forecast.bestHour.finishAt, { lang }),
                },
              )}
            />
          )}
          <ForecastTable forecast={forecast} pushCount={payload.pushCount} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {forecast.exact
              ? t('compose.confirm.forecast.exact')
              : t('compose.confirm.forecast.sampled', {
                  error: Math.round((forecast.error ?? 0) * 1000) / 10,
                })}
          </Typography.Text>
        </>
      )}
    </section>
  );
}
