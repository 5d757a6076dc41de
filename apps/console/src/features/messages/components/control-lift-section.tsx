import { Descriptions, Divider, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/date-format';
import { useLift } from '../api/get-lift';
import { formatCount, formatLift, formatRate } from '../lib/format';

/** A rate 0–1 as a percentage in the console language. */
const pct = (p: number) => formatRate(Math.round(p * 10_000) / 100);
/**
 * A message's lift over the app's global control group (issue 34 §1): the app-open rate since the send of its
 * targeted devices not held out against its control members (loss 113), the difference in points with its 95 %
 * interval and the test's p-value. Shown only when the message held members out.
 */
export function ControlLiftSection({
  appId,
  msgId,
  refresh,
}: {
  appId: number;
  msgId: number;
  refresh: number | false;
}) {
  const { t } = useTranslation();
  const lift = useLift(appId, msgId, refresh);
  const l = lift.data;
  if (!l || l.control.devices === 0) return null;
  const group = (g: { devices: number; opened: number }, rate: number) =>
    t('messages.lift.group', {
      rate: pct(rate),
      opened: formatCount(g.opened),
      devices: formatCount(g.devices),
    });
  return (
    <>
      <section data-testid="control-lift" aria-labelledby={`lift-${msgId}`}>
        <Typography.Title level={5} id={`lift-${msgId}`}>
          {t('messages.lift.title')}
        </Typography.Title>
        {l.since && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('messages.lift.since', { at: formatDateTime(l.since, { lang: currentLanguage() }) })}
          </Typography.Text>
        )}
        <Descriptions size="small" column={1} labelStyle={{ width: 240 }} style={{ marginTop: 8 }}>
          <Descriptions.Item label={t('messages.lift.sent')}>
            {group(l.sent, l.lift.sentRate)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.lift.control')}>
            {group(l.control, l.lift.controlRate)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.lift.lift')}>
            {/* a Descriptions item's content is a flex box: spaces between its children collapse, a gap keeps them apart */}
            <Flex gap={8} align="center" wrap>
              <span data-testid="control-lift-value">
                {t('messages.lift.liftValue', {
                  lift: formatLift(l.lift.lift),
                  low: formatLift(l.lift.low),
                  high: formatLift(l.lift.high),
                })}
              </span>
              <Typography.Text type="secondary">
                {t('messages.lift.pValue', {
                  p: l.lift.pValue < 0.001 ? '< 0.001' : l.lift.pValue.toFixed(3),
                })}
              </Typography.Text>
              <Tag color={l.lift.significant ? (l.lift.lift > 0 ? 'green' : 'red') : 'default'}>
                {t(l.lift.significant ? 'messages.lift.significant' : 'messages.lift.notSignificant')}
              </Tag>
            </Flex>
          </Descriptions.Item>
        </Descriptions>
      </section>
      <Divider />
    </>
  );
}
