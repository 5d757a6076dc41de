import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Input,
  InputNumber,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canManageAppSecrets,
  EVENT_STREAM_LIMITS,
  EventStreamReplay,
  EventStreamSettings,
  localizeIssueMessage,
  STREAM_EVENT_TYPES,
  WebhookUrl,
  type EventStreamFailure,
  type EventStreamSettingsInput,
  type MessageLang,
} from '@beacon/shared';
import { formatDateTime } from '../../../../lib/date-format';
import { reportError } from '../../../../lib/error-reporter';
import { formatNumber } from '../../../../lib/number-format';
import { showFormError } from '../../../../lib/form-errors';
import {
  eventStreamExportUrl,
  useEventStreams,
  useReplayEventStreams,
  useRetryEventStreams,
  useRotateStreamSecret,
  useSaveEventStreams,
} from '../../api/event-streams';
import { Form, showFieldErrors } from '../../../../components/form';
import { RangeError, useRangeText } from '../../../../components/range-error';

/**
 * The app's event streams (issue 34 §3, docs/event-streams.md): the webhook, its event types and how long a receiver
 * may be down; the signing secret (shown once, rotatable); the backlog, counts and recent failures; retry now, a
 * replay of the last hours (confirmed), and the daily exports. Owners and super admins.
 */
export function EventStreamsCard({ app }: { app: { appId: number; projectLevel: number } }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<EventStreamSettingsInput>();
  const [secret, setSecret] = useState<string | undefined>();
  const [hours, setHours] = useState(1);
  const streams = useEventStreams(app.appId);
  const save = useSaveEventStreams(app.appId, (r) => r.secret && setSecret(r.secret));
  const rotate = useRotateStreamSecret(app.appId, (r) => setSecret(r.secret));
  const retry = useRetryEventStreams(app.appId);
  const replay = useReplayEventStreams(app.appId);
  const rangeText = useRangeText();
  const s = streams.data;
  useEffect(() => {
    if (s)
      form.setFieldsValue({ enabled: s.enabled, url: s.url, types: s.types, maxAgeHours: s.maxAgeHours });
  }, [s, form]);
  if (!canManageAppSecrets(app.projectLevel)) return null;

  const k = (key: string) => `apps.details.streams.${key}`;
  // the replay's hours by the contract's rule (the server checks the same): out of range, kept and named
  const replayBad = !EventStreamReplay.safeParse({ hours }).success;
  const lang = (i18n.language as MessageLang) || 'en';
  // the counts grouped the reader's way (fr 43 898, en and zh 43,898)
  const count = (n: number) => formatNumber(n, lang);
  // the contract's rule, at the fields (a bad URL is the one a person types): the server checks the same again
  const handleSave = (values: EventStreamSettingsInput) => {
    const parsed = EventStreamSettings.safeParse(values);
    if (!parsed.success) {
      showFieldErrors(
        form,
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]),
          word: (_t, language) => localizeIssueMessage(issue.message, issue, language),
        })),
      );
      return;
    }
    save.mutate(values, {
      onSuccess: () => void message.success(t(k('saved'))),
      onError: (err) => showFormError(form, err),
    });
  };
  const handleRotate = () =>
    modal.confirm({
      title: t(k('rotateTitle')),
      content: t(k('rotateText')),
      okText: t(k('rotate')),
      cancelText: t('common.cancel'),
      onOk: () => rotate.mutateAsync(undefined, { onError: (err) => void reportError(err) }),
    });
  const handleReplay = () =>
    modal.confirm({
      title: t(k('replayTitle'), { count: hours }),
      content: t(k('replayText')),
      okText: t(k('replay')),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const r = await replay.mutateAsync(hours, { onError: (err) => void reportError(err) });
        void message.success(t(k('replayed'), { count: r.requeued }));
      },
    });

  return (
    <Card title={t(k('title'))} data-testid="event-streams-card">
      <Typography.Paragraph type="secondary">{t(k('hint'))}</Typography.Paragraph>
      {secret && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setSecret(undefined)}
          style={{ marginBottom: 12 }}
          title={t(k('secretOnce'))}
          description={
            <Typography.Text code copyable data-testid="event-streams-secret">
              {secret}
            </Typography.Text>
          }
        />
      )}
      <Form form={form} layout="vertical" onFinish={handleSave} disabled={!s}>
        <Form.Item name="enabled" label={t(k('enabled'))} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="url"
          label={t(k('url'))}
          extra={t(k('urlHint'))}
          validateTrigger="onBlur"
          rules={[
            {
              validator: (_rule, value: unknown) => {
                const r = WebhookUrl.safeParse(value ?? '');
                const issue = r.error?.issues[0];
                return issue
                  ? Promise.reject(new Error(localizeIssueMessage(issue.message, issue, lang)))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="https://example.com/beacon-events" maxLength={EVENT_STREAM_LIMITS.urlMax} />
        </Form.Item>
        <Form.Item name="types" label={t(k('types'))}>
          <Checkbox.Group options={STREAM_EVENT_TYPES.map((v) => ({ value: v, label: t(k(`type.${v}`)) }))} />
        </Form.Item>
        <Form.Item
          name="maxAgeHours"
          label={t(k('maxAge'))}
          extra={t(k('maxAgeHint'))}
          rules={[
            {
              // the contract's rule, the server's too; an emptied field is the contract's to refuse on save
              validator: async (_rule, value: unknown) => {
                if (value === null || value === undefined) return;
                if (!EventStreamSettings.shape.maxAgeHours.safeParse(value).success)
                  throw new Error(
                    rangeText(
                      EVENT_STREAM_LIMITS.maxAgeHoursMin,
                      EVENT_STREAM_LIMITS.maxAgeHoursMax,
                      'hours',
                    ),
                  );
              },
            },
          ]}
        >
          {/* no min / max: they clamp on blur without a word (500 h became 168); the rule names the range */}
          <InputNumber
            aria-valuemin={EVENT_STREAM_LIMITS.maxAgeHoursMin}
            aria-valuemax={EVENT_STREAM_LIMITS.maxAgeHoursMax}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          {s?.configured && <Button onClick={handleRotate}>{t(k('rotate'))}</Button>}
        </Flex>
      </Form>
      {s?.configured && (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t(k('backlog'))}>
              <span data-testid="event-streams-backlog">{count(s.backlog)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t(k('oldest'))}>
              {s.oldestPendingSeconds === null ? '—' : t(k('seconds'), { count: s.oldestPendingSeconds })}
            </Descriptions.Item>
            <Descriptions.Item label={t(k('delivered'))}>{count(s.delivered)}</Descriptions.Item>
            <Descriptions.Item label={t(k('failedPosts'))}>{count(s.failedPosts)}</Descriptions.Item>
            <Descriptions.Item label={t(k('dropped'))}>{count(s.dropped)}</Descriptions.Item>
            <Descriptions.Item label={t(k('nextAttempt'))}>
              {s.nextAttemptAt ? formatDateTime(s.nextAttemptAt) : '—'}
            </Descriptions.Item>
            {s.jetstream && (
              <Descriptions.Item label="JetStream">{`beacon.events.${app.appId}`}</Descriptions.Item>
            )}
          </Descriptions>
          <Flex gap={8} wrap align="center" style={{ marginTop: 8, marginBottom: 12 }}>
            <Button onClick={() => retry.mutate(undefined, { onError: (err) => void reportError(err) })}>
              {t(k('retry'))}
            </Button>
            {/* no min / max: they clamp on blur without a word (100 h became 48); the range shows beside it */}
            <InputNumber
              aria-label={t(k('replayHours'))}
              aria-valuemin={1}
              aria-valuemax={EVENT_STREAM_LIMITS.replayHoursMax}
              status={replayBad ? 'error' : undefined}
              value={hours}
              onChange={(v) => setHours(v ?? 1)}
              suffix={t(k('hours'))}
            />
            <Button danger disabled={replayBad} onClick={handleReplay}>
              {t(k('replay'))}
            </Button>
            {replayBad && <RangeError min={1} max={EVENT_STREAM_LIMITS.replayHoursMax} unit="hours" />}
          </Flex>
          <Table<EventStreamFailure>
            rowKey={(r) => `${r.at}-${r.error}`}
            size="small"
            pagination={false}
            dataSource={s.recentFailures}
            title={() => t(k('failures'))}
            locale={{ emptyText: t(k('noFailures')) }}
            columns={[
              { title: t(k('at')), dataIndex: 'at', render: (v: string) => formatDateTime(v) },
              { title: t(k('status')), dataIndex: 'status', render: (v: number | null) => v ?? '—' },
              { title: t(k('error')), dataIndex: 'error' },
              { title: t(k('events')), dataIndex: 'events', render: (v: number) => count(v) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t(k('exports'))}
          </Typography.Title>
          {s.exports.length === 0 ? (
            <Typography.Text type="secondary">{t(k('noExports'))}</Typography.Text>
          ) : (
            <Flex vertical gap={4}>
              {s.exports.map((x) => (
                <a key={x.day} href={eventStreamExportUrl(app.appId, x.day)} download>
                  {t(k('exportRow'), { day: x.day, count: x.events })}
                </a>
              ))}
            </Flex>
          )}
        </>
      )}
    </Card>
  );
}
