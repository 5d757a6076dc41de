import { App, Button, Card, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import {
  DAY_TIME_PATTERN,
  dailyWindow,
  isDayBoundaryZone,
  utcOffsets,
  type DayBoundary,
} from '@beacon/shared';
import { showFormError } from '../../../lib/form-errors';
import { useSetDayBoundary } from '../api/set-day-boundary';
import { Form } from '../../../components/form';

function zoneOptions(current: string) {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = [...new Set(['+00:00', ...utcOffsets(), 'UTC', ...names])];
  if (current && !all.includes(current)) all.unshift(current);
  return all.map((z) => ({ value: z, label: z }));
}

/** When the day of the per-user daily limits begins: a time in a timezone (offset or IANA name). */
export function DayBoundaryCard({ value }: { value: DayBoundary | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DayBoundary>();
  const save = useSetDayBoundary();
  const options = useMemo(() => zoneOptions(value?.timezone ?? ''), [value?.timezone]);
  const timezone = Form.useWatch('timezone', form);
  const time = Form.useWatch('time', form);

  useEffect(() => {
    if (value) form.setFieldsValue(value);
  }, [form, value]);

  const valid =
    typeof timezone === 'string' &&
    isDayBoundaryZone(timezone) &&
    typeof time === 'string' &&
    DAY_TIME_PATTERN.test(time);
  const current = valid ? dailyWindow({ timezone, time }, new Date()) : undefined;

  const handleFinish = (values: DayBoundary) =>
    save.mutate(values, {
      onSuccess: () => void message.success(t('globalSettings.day.saved')),
      onError: (error) => showFormError(form, error),
    });

  return (
    <Card title={t('globalSettings.day.title')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('globalSettings.day.hint')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={handleFinish} requiredMark={false}>
        <Form.Item
          name="timezone"
          label={t('globalSettings.day.timezone')}
          rules={[
            { required: true, message: t('globalSettings.day.timezoneRequired') },
            {
              validator: (_, v: string) =>
                isDayBoundaryZone(v ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('globalSettings.day.timezoneInvalid'))),
            },
          ]}
        >
          <Select
            showSearch
            options={options}
            style={{ width: 240 }}
            aria-label={t('globalSettings.day.timezone')}
            data-testid="day-timezone"
          />
        </Form.Item>
        <Form.Item
          name="time"
          label={t('globalSettings.day.time')}
          rules={[
            { required: true, message: t('globalSettings.day.timeRequired') },
            { pattern: DAY_TIME_PATTERN, message: t('globalSettings.day.timeInvalid') },
          ]}
        >
          <Input
            placeholder="HH:mm"
            style={{ width: 100 }}
            aria-label={t('globalSettings.day.time')}
            data-testid="day-time"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('globalSettings.day.save')}
          </Button>
        </Form.Item>
      </Form>
      <Flex style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" data-testid="day-window">
          {current
            ? t('globalSettings.day.window', {
                start: formatDateTime(current.start),
                end: formatDateTime(current.end),
              })
            : t('globalSettings.day.windowUnknown')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
