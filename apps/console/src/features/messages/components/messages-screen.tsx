import { DownloadOutlined, PlusOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Empty, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGE_LIMITS, type MessageRow } from '@beacon/shared';
import { ComingSoon } from '../../../components/coming-soon';
import { useAppInfo } from '../../apps/api/get-app-info';
import { download, messagesExportUrl } from '../api/export-messages';
import { useMessages } from '../api/get-messages';
import {
  exportQueryOf,
  filtersFromSearch,
  listRequestOf,
  searchFromFilters,
  type MessageListFilters,
} from '../lib/list-filters';
import { needsRefresh } from '../lib/message-status';
import { MessageDetailDialog } from './message-detail-dialog';
import { MessageFilters } from './message-filters';
import { MessageTable } from './message-table';

const REVIEW_LEVELS = [100, 200, 300, 400];
type Tab = 'push' | 'cross' | 'abtest' | 'review';

function hasFilters(f: MessageListFilters): boolean {
  return Boolean(f.title || f.ownerEmail || f.begin || f.end || f.msgId || f.materialId);
}

/** data/push: the notification records with filters and page in the URL, export, row actions and the detail dialog. */
export function MessagesScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<Tab>('push');
  const [detail, setDetail] = useState<MessageRow>();
  const info = useAppInfo(appId);
  const filters = filtersFromSearch(search);
  const conversion = search.get('conv') === '1';
  const list = useMessages(appId, listRequestOf(filters));
  const rows = list.data?.results ?? [];
  const level = info.data?.projectLevel ?? 0;
  const compose = () => void navigate(`/app/${appId}/message/editpush`);

  const apply = (next: MessageListFilters) => {
    const params = searchFromFilters(next);
    if (conversion) params.set('conv', '1');
    setSearch(params);
  };
  const handleExport = () => {
    const query = exportQueryOf(filters);
    if (!query)
      return void modal.warning({
        title: t('messages.filters.export'),
        content: t('messages.filters.pickRange'),
      });
    download(messagesExportUrl(appId, query));
    return undefined;
  };
  const toggleConversion = (on: boolean) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (on) next.set('conv', '1');
        else next.delete('conv');
        return next;
      },
      { replace: true },
    );

  const firstTime =
    !list.isPending && !list.isError && rows.length === 0 && !hasFilters(filters) && filters.page === 1;
  const tabs = [
    { key: 'push', label: t('messages.tabs.push') },
    { key: 'cross', label: `${t('messages.tabs.cross')} · ${t('messages.tabs.soon')}` },
    { key: 'abtest', label: `${t('messages.tabs.abtest')} · ${t('messages.tabs.soon')}` },
    ...(info.data && REVIEW_LEVELS.includes(level) && info.data.reviewEnable
      ? [{ key: 'review', label: `${t('messages.tabs.review')} · ${t('messages.tabs.soon')}` }]
      : []),
  ];

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 8 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('messages.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('messages.subtitle')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={compose} data-testid="create-message">
          {t('messages.filters.create')}
        </Button>
      </Flex>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} items={tabs} />
      {tab !== 'push' ? (
        <ComingSoon title={tabs.find((x) => x.key === tab)?.label.split(' · ')[0] ?? ''} />
      ) : firstTime ? (
        <Empty
          data-testid="messages-empty"
          image={<SendOutlined style={{ fontSize: 56, color: '#4c6ef5' }} />}
          style={{ padding: '48px 0' }}
          description={
            <>
              <Typography.Title level={4}>{t('messages.empty.title')}</Typography.Title>
              <Typography.Text type="secondary">{t('messages.empty.text')}</Typography.Text>
            </>
          }
        >
          <Button type="primary" size="large" icon={<SendOutlined />} onClick={compose}>
            {t('messages.empty.button')}
          </Button>
        </Empty>
      ) : (
        <>
          <MessageFilters value={filters} onSearch={apply} />
          <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={12} wrap>
            <Flex gap={12} align="center">
              <Checkbox checked={conversion} onChange={(e) => toggleConversion(e.target.checked)}>
                {t('messages.filters.conversion')}
              </Checkbox>
              {needsRefresh(rows.map((r) => r.status)) && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="refreshing">
                  <SyncOutlined spin /> {t('messages.refreshing')}
                </Typography.Text>
              )}
            </Flex>
            <Button icon={<DownloadOutlined />} onClick={handleExport} data-testid="export-csv">
              {t('messages.filters.export')}
            </Button>
          </Flex>
          <MessageTable
            appId={appId}
            rows={rows}
            total={list.data?.total ?? 0}
            page={filters.page}
            pageSize={MESSAGE_LIMITS.listPageSize}
            tz={filters.tz}
            loading={list.isPending}
            conversion={conversion}
            projectLevel={level}
            onPageChange={(page) => apply({ ...filters, page })}
            onDetail={setDetail}
          />
          {rows.length === 0 && !list.isPending && hasFilters(filters) && (
            <Typography.Text type="secondary">{t('messages.empty.noMatch')}</Typography.Text>
          )}
        </>
      )}
      <MessageDetailDialog appId={appId} row={detail} onClose={() => setDetail(undefined)} />
    </Card>
  );
}
