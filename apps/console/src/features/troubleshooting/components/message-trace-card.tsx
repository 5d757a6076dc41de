import { AimOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useMessageTrace } from '../api/trace-message';
import { MessageTraceResult } from './message-trace-result';
import { Form } from '../../../components/form';

const MSG_ID = /^[1-9]\d{0,14}$/;

interface MessageTraceCardProps {
  appId: number;
  /** The device's GAID (already looked up). */
  gaid: string;
  /** The message id from the URL, if any. */
  msgId: string;
  lang: string;
  onMsgId: (msgId: string) => void;
}

/** Troubleshooting by GAID and message id: a message id field and the trace for the device above. */
export function MessageTraceCard({ appId, gaid, msgId, lang, onMsgId }: MessageTraceCardProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(msgId);
  const [shown, setShown] = useState(msgId);
  if (msgId !== shown) {
    setShown(msgId);
    setValue(msgId);
  }
  const id = value.trim();
  const valid = MSG_ID.test(id);
  const active = MSG_ID.test(msgId) ? Number(msgId) : undefined;
  const trace = useMessageTrace(appId, gaid, active, lang);
  const unknownMessage =
    trace.error instanceof ApiError && trace.error.fields.some((f) => f.field === 'msgId');
  const handleSubmit = () => {
    if (!valid) return;
    if (id === msgId) void trace.refetch();
    else onMsgId(id);
  };

  return (
    <Card
      title={t('troubleshooting.trace.title')}
      extra={
        active !== undefined && (
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void trace.refetch()}
            loading={trace.isFetching}
            disabled={trace.isLoading}
          >
            {t('troubleshooting.refresh')}
          </Button>
        )
      }
      data-testid="message-trace-card"
    >
      <Typography.Paragraph type="secondary">{t('troubleshooting.trace.subtitle')}</Typography.Paragraph>
      <Form
        layout="vertical"
        onFinish={handleSubmit}
        style={{ maxWidth: 480, marginBottom: active === undefined ? 0 : 16 }}
      >
        <Form.Item
          label={t('troubleshooting.trace.msgIdLabel')}
          validateStatus={id !== '' && !valid ? 'warning' : undefined}
          help={
            id !== '' && !valid
              ? t('troubleshooting.trace.msgIdMalformed')
              : t('troubleshooting.trace.msgIdHelp')
          }
          style={{ marginBottom: 0 }}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="msgId"
              inputMode="numeric"
              autoComplete="off"
              placeholder="1024"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              allowClear
            />
            <Button
              type="primary"
              htmlType="submit"
              icon={<AimOutlined />}
              disabled={!valid}
              loading={trace.isFetching}
            >
              {t('troubleshooting.trace.check')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {active === undefined ? null : trace.isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : unknownMessage ? (
        <Result
          status="info"
          data-testid="trace-no-message"
          title={t('troubleshooting.trace.noMessage', { id: active })}
        />
      ) : trace.data ? (
        <MessageTraceResult trace={trace.data} />
      ) : (
        <Result
          status="warning"
          title={t('troubleshooting.trace.failed')}
          subTitle={trace.error instanceof Error ? trace.error.message : undefined}
        />
      )}
    </Card>
  );
}
