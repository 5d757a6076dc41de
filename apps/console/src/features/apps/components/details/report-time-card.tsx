import { App, Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_LIMITS, clampReportTime, type AppDetail } from '@beacon/shared';
import { showFormError } from '../../../../lib/form-errors';
import { useSetReportTime, type ReportTimes } from '../../api/set-report-time';
import { Form } from '../../../../components/form';

const KEYS = ['wifiReportTime', 'mobileReportTime'] as const;

/** How often the SDK reports, on wifi and on mobile data: digits, clamped to 2–24 hours when leaving the field. */
export function ReportTimeCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReportTimes>();
  const save = useSetReportTime(app.appId, app.pkg, (r) => {
    form.setFieldsValue({
      wifiReportTime: String(r.wifiReportTime),
      mobileReportTime: String(r.mobileReportTime),
    });
    void message.success(t('apps.details.saved'));
  });
  const range = { min: APP_LIMITS.reportTimeMin, max: APP_LIMITS.reportTimeMax };

  return (
    <Card title={t('apps.details.reportTitle')} data-testid="report-time-card">
      <Form<ReportTimes>
        form={form}
        layout="vertical"
        initialValues={{
          wifiReportTime: String(app.wifiReportTime),
          mobileReportTime: String(app.mobileReportTime),
        }}
        onFinish={(values) => save.mutate(values, { onError: (err) => showFormError(form, err) })}
      >
        <Space size={24} wrap>
          {KEYS.map((key) => (
            <Form.Item
              key={key}
              name={key}
              label={t(`apps.details.${key}`)}
              extra={t('apps.details.reportRange', range)}
              rules={[
                { required: true, message: t('apps.details.reportRequired') },
                { pattern: /^\d+$/, message: t('apps.details.digitsOnly') },
              ]}
            >
              <Input
                suffix={t('apps.details.hours')}
                inputMode="numeric"
                style={{ width: 160 }}
                onBlur={(e) => {
                  const clamped = clampReportTime(e.target.value);
                  if (clamped !== undefined) form.setFieldValue(key, String(clamped));
                }}
              />
            </Form.Item>
          ))}
        </Space>
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
