import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Modal, Tag, Typography } from 'antd';
import { type Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FORBID_LIMITS, intervalKey, type FineworkCountryTimes } from '@beacon/shared';
import { useAddBannedTimes } from '../api/add-banned-times';
import { CountryPicker } from './country-picker';
import { showWindowErrors } from './window-errors';
import { Form } from '../../../components/form';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

interface WindowsForm {
  countryCode?: string;
  intervalTimeList: Array<{ start?: string; end?: string }>;
}

interface AddTimesDialogProps {
  appId: number;
  appTitle: string;
  /** The country to add to (its row's button); the picker starts empty otherwise. */
  countryCode?: string;
  /** The app's current windows, to refuse repeats before asking the server. */
  current: FineworkCountryTimes[];
  onClose: () => void;
}

/** Bans one or more `HH:mm` windows for one country of the app; an end earlier than the start runs to the next day. */
export function AddTimesDialog({ appId, appTitle, countryCode, current, onClose }: AddTimesDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WindowsForm>();
  const rows = Form.useWatch('intervalTimeList', form) ?? [];
  const add = useAddBannedTimes({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: (result) => {
        void message.success(t('finework.times.added', { count: result.list.length }));
        onClose();
      },
      onError: (error) => showWindowErrors(form, error),
    },
  });

  const clockRules: Rule[] = [
    { required: true, message: t('finework.times.timeRequired') },
    { pattern: CLOCK, message: t('finework.times.timeFormat') },
  ];
  const isRepeat = (index: number) => {
    const row = form.getFieldValue(['intervalTimeList', index]) as
      { start?: string; end?: string } | undefined;
    if (!row?.start || !row.end) return false;
    const key = intervalKey({ start: row.start, end: row.end });
    const list = (form.getFieldValue('intervalTimeList') ?? []) as Array<{ start?: string; end?: string }>;
    const earlier = list
      .slice(0, index)
      .some((r) => r.start && r.end && intervalKey({ start: r.start, end: r.end }) === key);
    const code = form.getFieldValue('countryCode') as string | undefined;
    const banned =
      current.find((c) => c.countryCode === code)?.intervalTimeList.some((w) => intervalKey(w) === key) ??
      false;
    return earlier || banned;
  };

  return (
    <Modal
      open
      width={560}
      title={t('finework.times.addTitle', { app: appTitle })}
      okText={t('finework.times.ban')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form<WindowsForm>
        form={form}
        layout="vertical"
        initialValues={{ countryCode, intervalTimeList: [{ start: '', end: '' }] }}
        onFinish={(v) =>
          add.mutate({
            appId,
            countryCode: v.countryCode ?? '',
            intervalTimeList: v.intervalTimeList.map((w) => ({ start: w.start ?? '', end: w.end ?? '' })),
          })
        }
      >
        <Form.Item
          name="countryCode"
          label={t('forbid.col.country')}
          rules={[{ required: true, message: t('finework.times.countryRequired') }]}
        >
          <CountryPicker
            ariaLabel={t('forbid.col.country')}
            placeholder={t('finework.countries.placeholder')}
            autoFocus={countryCode === undefined}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('finework.times.formHint')}
        </Typography.Paragraph>
        <Form.List name="intervalTimeList">
          {(fields, { add: addRow, remove }) => (
            <>
              <Flex gap={8} style={{ marginBottom: 4 }} aria-hidden>
                <Typography.Text type="secondary" style={{ flex: 1 }}>
                  {t('finework.times.start')}
                </Typography.Text>
                <span style={{ width: 14 }} />
                <Typography.Text type="secondary" style={{ flex: 1 }}>
                  {t('finework.times.end')}
                </Typography.Text>
                <span style={{ width: 96 + 32 + 8 }} />
              </Flex>
              {fields.map((field, index) => {
                const row = rows[index];
                const nextDay =
                  row?.start &&
                  row.end &&
                  CLOCK.test(row.start) &&
                  CLOCK.test(row.end) &&
                  row.end < row.start;
                return (
                  <Flex key={field.key} gap={8} align="start" data-testid="window-row">
                    <Form.Item
                      name={[field.name, 'start']}
                      rules={[
                        ...clockRules,
                        {
                          validator: async () =>
                            isRepeat(index)
                              ? Promise.reject(new Error(t('finework.times.repeat')))
                              : undefined,
                        },
                      ]}
                      style={{ flex: 1 }}
                    >
                      <Input
                        placeholder="HH:mm"
                        maxLength={5}
                        inputMode="numeric"
                        aria-label={t('finework.times.startN', { n: index + 1 })}
                        autoFocus={countryCode !== undefined && index === 0}
                      />
                    </Form.Item>
                    <Typography.Text style={{ lineHeight: '32px' }}>→</Typography.Text>
                    <Form.Item
                      name={[field.name, 'end']}
                      dependencies={[['intervalTimeList', field.name, 'start']]}
                      rules={[
                        ...clockRules,
                        ({ getFieldValue }) => ({
                          validator: async (_r, value: string | undefined) =>
                            value && value === getFieldValue(['intervalTimeList', field.name, 'start'])
                              ? Promise.reject(new Error(t('finework.times.sameAsStart')))
                              : undefined,
                        }),
                      ]}
                      style={{ flex: 1 }}
                    >
                      <Input
                        placeholder="HH:mm"
                        maxLength={5}
                        inputMode="numeric"
                        aria-label={t('finework.times.endN', { n: index + 1 })}
                      />
                    </Form.Item>
                    <div style={{ width: 96, lineHeight: '32px' }}>
                      {nextDay && <Tag color="orange">{t('forbid.nextDay')}</Tag>}
                    </div>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                      aria-label={t('finework.times.removeRow', { n: index + 1 })}
                    />
                  </Flex>
                );
              })}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= FORBID_LIMITS.windowsPerCountry}
                onClick={() => addRow({ start: '', end: '' })}
              >
                {t('finework.times.addRow')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
