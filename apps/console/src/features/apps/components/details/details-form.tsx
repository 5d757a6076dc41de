import { App, Button, Card, Col, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_LIMITS, AppUpdateRequest, type AppDetail } from '@beacon/shared';
import { currentLanguage } from '../../../../i18n';
import { showFormError } from '../../../../lib/form-errors';
import { formatNumber } from '../../../../lib/number-format';
import { useUpdateApp } from '../../api/update-app';
import { LogoUploadField } from '../logo-upload-field';
import { Form } from '../../../../components/form';

const SWITCHES = [
  'multiLangEnable',
  'localTimeEnable',
  'reviewEnable',
  'materialReviewEnable',
  'displayPriorityEnable',
  'linksEnable',
] as const;

/** Title, description, logo, upload-file limit and the app's switches; saving returns to /dashboard (spec). */
export function DetailsForm({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AppUpdateRequest>();
  const update = useUpdateApp(app.appId, () => {
    void message.success(t('apps.details.saved'));
    setTimeout(() => window.location.assign('/dashboard'), APP_LIMITS.createDialogDelayMs);
  });

  return (
    <Card title={t('apps.details.basic')} data-testid="app-details-form">
      <Form<AppUpdateRequest>
        form={form}
        layout="vertical"
        initialValues={{
          title: app.title,
          description: app.description,
          logo: app.logo,
          uploadFileLimit: Number.isFinite(app.uploadFileLimit)
            ? app.uploadFileLimit
            : APP_LIMITS.uploadFileLimitDefault,
          ...Object.fromEntries(SWITCHES.map((key) => [key, app[key]])),
        }}
        onFinish={(values) => update.mutate(values, { onError: (err) => showFormError(form, err) })}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="title"
              label={t('apps.create.titleLabel')}
              rules={[
                { required: true, whitespace: true, message: t('apps.create.titleRequired') },
                {
                  max: APP_LIMITS.titleMax,
                  message: t('apps.create.titleMax', { max: APP_LIMITS.titleMax }),
                },
              ]}
            >
              <Input showCount={{ formatter: ({ count }) => `${count}/${APP_LIMITS.titleMax}` }} />
            </Form.Item>
            <Form.Item label={t('apps.create.pkgLabel')} extra={t('apps.details.pkgFixed')}>
              <Input value={app.pkg} disabled />
            </Form.Item>
            <Form.Item
              name="description"
              label={t('apps.create.descriptionLabel')}
              rules={[
                {
                  max: APP_LIMITS.descriptionMax,
                  message: t('apps.create.descriptionMax', { max: APP_LIMITS.descriptionMax }),
                },
              ]}
            >
              <Input.TextArea rows={3} showCount maxLength={APP_LIMITS.descriptionMax} />
            </Form.Item>
            <Form.Item name="logo" label={t('apps.create.logoLabel')}>
              <LogoUploadField name="logo" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="uploadFileLimit"
              label={t('apps.details.uploadFileLimit')}
              extra={t('apps.details.uploadFileLimitHint')}
              rules={[
                { required: true, message: t('apps.details.uploadFileLimitRequired') },
                {
                  // the contract's rule, the server's too
                  validator: async (_rule, value: unknown) => {
                    if (value === null || value === undefined) return;
                    if (!AppUpdateRequest.shape.uploadFileLimit.safeParse(value).success)
                      throw new Error(
                        t('apps.details.uploadFileLimitRange', {
                          min: formatNumber(1, currentLanguage()),
                          max: formatNumber(APP_LIMITS.uploadFileLimitMax, currentLanguage()),
                        }),
                      );
                  },
                },
              ]}
            >
              {/* no min / max: they clamp on blur without a word (5000 MB became 1000); the rule names the range */}
              <InputNumber
                aria-valuemin={1}
                aria-valuemax={APP_LIMITS.uploadFileLimitMax}
                precision={0}
                suffix={t('apps.details.uploadFileLimitUnit')}
                style={{ width: 160 }}
              />
            </Form.Item>
            {SWITCHES.map((key) => (
              <Form.Item
                key={key}
                name={key}
                label={t(`apps.details.${key}`)}
                valuePropName="checked"
                style={{ marginBottom: 12 }}
              >
                <Switch />
              </Form.Item>
            ))}
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
