import { Alert, Card, DatePicker, Flex, Form, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isFileTargeting, ScheduleType, TargetingType } from '@beacon/shared';
import { formatDateTime } from '../../lib/date-format';
import { type ComposeValues } from '../lib/compose-values';
import { isDayDisabled, localCoverage, scheduleProblem, wallToEpoch, ZONE_OPTIONS } from '../lib/schedule';
import { slowPushDuration } from '../lib/slow-push';
import { type FieldRule } from './use-field-rule';

const WALL = 'YYYY-MM-DD HH:mm:ss';

interface ScheduleSectionProps {
  rule: FieldRule;
  localTimeEnable: boolean;
  estimate: number | undefined;
  /**
   * What the card holds: everything (the default), only when to send (an A/B test's arm: `targetingType` is then the
   * test's, from another form) or only the delivery (time to live, slow push: the test's).
   */
  part?: 'all' | 'when' | 'delivery';
  targetingType?: TargetingType;
  /** The card's title and element id, `Schedule & delivery` and compose-schedule unless told. */
  title?: string;
  cardId?: string;
  /** A cross (transparent or pull-up) message: the hints speak of the message, not of a notification. */
  cross?: boolean;
}

/**
 * Schedule & delivery: now, later in a zone, later in each device's local time, or at each device's best hour (with
 * its control share; a message's own schedule only, not an A/B arm's); time to live; slow push.
 */
export function ScheduleSection({
  rule,
  localTimeEnable,
  estimate,
  part = 'all',
  targetingType,
  title,
  cardId,
  cross = false,
}: ScheduleSectionProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const type: ScheduleType = Form.useWatch('scheduleType', form) ?? ScheduleType.NOW;
  const date: string = Form.useWatch('scheduleDate', form) ?? '';
  const zone: string = Form.useWatch('scheduleUTC', form) ?? '+0000';
  const watched: TargetingType | undefined = Form.useWatch('targetingType', form);
  const targeting = targetingType ?? watched ?? TargetingType.EVERYONE;
  const slow: boolean = Form.useWatch('slowPush', form) ?? false;
  const speed: number | null = Form.useWatch('speedLimit', form) ?? null;
  const pushCount: number | null = Form.useWatch('pushCount', form) ?? null;
  const fileTargeting = isFileTargeting(targeting);
  const valid = date !== '' && scheduleProblem(type, date, zone, targeting, Date.now()) === undefined;
  const duration = slowPushDuration(pushCount ?? estimate ?? 0, speed ?? 0);

  return (
    <Card
      title={title ?? t('compose.sections.schedule')}
      variant="borderless"
      id={cardId ?? 'compose-schedule'}
    >
      {part !== 'delivery' && (
        <>
          <Form.Item
            name="scheduleType"
            label={t('compose.fields.scheduleType')}
            rules={[rule(['scheduleType'])]}
          >
            <Radio.Group
              optionType="button"
              options={[
                { value: ScheduleType.NOW, label: t('compose.schedule.now') },
                { value: ScheduleType.AT_TIME, label: t('compose.schedule.later') },
                ...(localTimeEnable
                  ? [
                      {
                        value: ScheduleType.LOCAL_TIME,
                        label: t('compose.schedule.local'),
                        disabled: fileTargeting,
                      },
                    ]
                  : []),
                ...(part === 'all'
                  ? [{ value: ScheduleType.BEST_HOUR, label: t('compose.schedule.bestHour') }]
                  : []),
              ]}
            />
          </Form.Item>
          {type === ScheduleType.BEST_HOUR && (
            <Form.Item
              name="controlShare"
              label={t('compose.fields.controlShare')}
              extra={t('compose.hints.bestHour')}
              rules={[rule(['controlShare'])]}
            >
              <InputNumber id="controlShare" precision={0} suffix="%" style={{ width: 160 }} />
            </Form.Item>
          )}
          {part === 'all' && (
            <Form.Item
              name="holdoutShare"
              label={t('compose.fields.holdoutShare')}
              extra={t('compose.hints.holdoutShare')}
              rules={[rule(['holdoutShare'])]}
            >
              <InputNumber id="holdoutShare" precision={0} suffix="%" style={{ width: 160 }} />
            </Form.Item>
          )}
          {type !== ScheduleType.NOW && type !== ScheduleType.BEST_HOUR && (
            <Flex gap={16} wrap>
              <Form.Item
                name="scheduleDate"
                label={t('compose.fields.scheduleDate')}
                rules={[rule(['scheduleDate'])]}
                dependencies={['scheduleUTC', 'scheduleType']}
                required
                getValueProps={(v: string) => ({ value: v ? dayjs(v) : null })}
                normalize={(d: Dayjs | null) => (d ? d.second(0).format(WALL) : '')}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  disabledDate={(d: Dayjs) =>
                    isDayDisabled(
                      d.format('YYYY-MM-DD'),
                      type === ScheduleType.LOCAL_TIME ? '+0000' : zone,
                      Date.now(),
                    )
                  }
                  style={{ width: 220 }}
                />
              </Form.Item>
              <Form.Item
                name="scheduleUTC"
                label={t('compose.fields.scheduleUTC')}
                rules={[rule(['scheduleUTC'])]}
                extra={type === ScheduleType.LOCAL_TIME ? t('compose.hints.localZone') : undefined}
              >
                <Select
                  showSearch
                  disabled={type === ScheduleType.LOCAL_TIME}
                  style={{ width: 140 }}
                  options={ZONE_OPTIONS.map((z) => ({ value: z, label: `UTC${z}` }))}
                />
              </Form.Item>
            </Flex>
          )}
          {type === ScheduleType.AT_TIME && valid && (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              {t('compose.schedule.yourTime', { time: formatDateTime(wallToEpoch(date, zone)) })}
            </Typography.Paragraph>
          )}
          {type === ScheduleType.LOCAL_TIME && valid && localCoverage(date, Date.now()) === 'partial' && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('compose.schedule.partialWaves')}
            />
          )}
        </>
      )}
      {part !== 'when' && (
        <>
          <Form.Item
            name="ttlHours"
            label={t('compose.fields.ttl')}
            extra={t(cross ? 'compose.hints.ttlCross' : 'compose.hints.ttl')}
            rules={[rule(['ttlHours'])]}
          >
            <InputNumber
              id="ttlHours"
              precision={0}
              suffix={t('compose.units.hours')}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item label={t('compose.fields.slowPush')} extra={t('compose.hints.slowPush')}>
            <Flex gap={16} align="center" wrap>
              <Form.Item name="slowPush" valuePropName="checked" noStyle>
                <Switch aria-label={t('compose.fields.slowPush')} />
              </Form.Item>
              {slow && (
                <>
                  <Form.Item name="speedLimit" noStyle rules={[rule(['speedLimit'])]}>
                    <InputNumber
                      id="speedLimit"
                      step={500}
                      precision={0}
                      suffix={t('compose.units.perSecond')}
                      style={{ width: 200 }}
                      aria-label={t('compose.fields.speedLimit')}
                    />
                  </Form.Item>
                  <Typography.Text type="secondary" data-testid="slow-push-duration">
                    {t('compose.schedule.duration', duration)}
                  </Typography.Text>
                </>
              )}
            </Flex>
          </Form.Item>
        </>
      )}
    </Card>
  );
}
