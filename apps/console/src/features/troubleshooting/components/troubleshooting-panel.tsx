import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAID_PATTERN, InstanceStatus, InstanceType } from '@beacon/shared';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { safeStorage } from '../../../lib/storage';
import { useAppInfo } from '../../apps';
import { useInstanceInfo } from '../api/query-instance';
import { InstanceResult } from './instance-result';
import { MessageTraceCard } from './message-trace-card';
import { TroubleshootingSearch } from './troubleshooting-search';

const TYPE_KEY = 'beacon.troubleshooting.type';
const KNOWN_TYPES = new Set<number>(Object.values(InstanceType));

function storedType(): number {
  const value = Number(safeStorage.get(TYPE_KEY));
  return KNOWN_TYPES.has(value) ? value : InstanceType.GAID;
}

/**
 * Troubleshooting: look a device of the app up by its id and see whether it can get messages, and why not; then trace
 * one message for it (`?id=<gaid>&msgId=<id>`).
 */
export function TroubleshootingPanel({ appId }: { appId: number }) {
  const { t, i18n } = useTranslation();
  const [search, update] = useSearchParamsPatch();
  const [type, setType] = useState(storedType);
  const fromUrl = (search.get('id') ?? '').trim();
  const msgId = (search.get('msgId') ?? '').trim();
  const id = GAID_PATTERN.test(fromUrl) ? fromUrl : '';
  const app = useAppInfo(appId);
  const result = useInstanceInfo(appId, id, type, i18n.language);

  const handleType = (next: number) => {
    setType(next);
    safeStorage.set(TYPE_KEY, String(next));
  };
  const handleSearch = (next: string) => {
    if (next.toLowerCase() === id.toLowerCase()) void result.refetch();
    else update({ id: next });
  };

  const handleMsgId = (next: string) => update({ msgId: next });

  const data = result.data;
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('troubleshooting.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('troubleshooting.subtitle')}</Typography.Text>
      </div>
      <Card>
        <TroubleshootingSearch
          type={type}
          initialId={fromUrl}
          loading={result.isFetching}
          onTypeChange={handleType}
          onSearch={handleSearch}
        />
      </Card>
      {id !== '' && (
        <Card
          title={
            <Typography.Text style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
              {id.toLowerCase()}
            </Typography.Text>
          }
          extra={
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void result.refetch()}
              loading={result.isFetching}
              disabled={result.isLoading}
            >
              {t('troubleshooting.refresh')}
            </Button>
          }
        >
          {result.isLoading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : !data ? (
            <Result status="warning" title={t('troubleshooting.failed')} />
          ) : data.status === InstanceStatus.NOT_FOUND ? (
            <Result
              status="info"
              data-testid="instance-not-found"
              title={t('troubleshooting.notFoundTitle')}
              subTitle={t('troubleshooting.notFoundText', { app: app.data?.title ?? '' })}
            />
          ) : (
            <InstanceResult info={data} appTitle={app.data?.title ?? ''} />
          )}
        </Card>
      )}
      {id !== '' && data && data.status !== InstanceStatus.NOT_FOUND && (
        <MessageTraceCard appId={appId} gaid={id} msgId={msgId} lang={i18n.language} onMsgId={handleMsgId} />
      )}
    </Flex>
  );
}
