import { DownloadOutlined, PlusOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessageListRequest, MessageType, type MessageRow } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { FirstTimeEmpty } from '../../../components/first-time-empty';
import { useFilterDraft, useListFilters } from '../../../lib/list-filters';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { useAppInfo } from '../../apps';
import { download, messagesExportUrl } from '../api/export-messages';
import { useMessages } from '../api/get-messages';
import {
  exportQueryOf,
  filtersPatch,
  listRequestOf,
  messageFilters,
  MESSAGE_LIST_URL,
  searchedFilters,
  type ListMsgType,
  type MessageListFilters,
} from '../lib/list-filters';
import { needsRefresh } from '../lib/message-status';
import { DataTabs } from './data-tabs';
import { DetailActions } from './detail-actions';
import { MessageDetailDialog } from './message-detail-dialog';
import { MessageFilters } from './message-filters';
import { MessageTable } from './message-table';
import { appPath } from '../../../lib/paths';

function hasFilters(f: MessageListFilters): boolean {
  return Boolean(f.title || f.ownerEmail || f.begin || f.end || f.msgId || f.materialId || f.kind);
}

/**
 * data/push and data/cross: the notification records, or the cross and pull-up records (msgType 2, with a kind
 * filter), with filters and page in the URL, export, row actions and the detail dialog.
 */
export function MessagesScreen({
  appId,
  msgType = MessageType.NOTIFICATION,
}: {
  appId: number;
  msgType?: ListMsgType;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [search, updateSearch] = useSearchParamsPatch();
  const { filters: read, update } = useListFilters(MessageListRequest, MESSAGE_LIST_URL);
  const cross = msgType === MessageType.PASS_THROUGH;
  const [detail, setDetail] = useState<MessageRow>();
  const info = useAppInfo(appId);
  const filters = messageFilters(read);
  const conversion = search.get('conv') === '1';
  const list = useMessages(appId, listRequestOf(filters, msgType));
  const rows = list.data?.results ?? [];
  const level = info.data?.projectLevel ?? 0;
  const compose = (screen = cross ? 'editcross' : 'editpush') =>
    void navigate(appPath(appId, `message/${screen}`));
  const composeScreen = cross ? (filters.kind === 'pullup' ? 'editpullup' : 'editcross') : 'editpush';

  const apply = (next: MessageListFilters) => update(filtersPatch(next));
  const draft = useFilterDraft(filters);
  // the export takes the filters the bar shows, applied first when they were typed but not searched: the file and the
  // list then hold the same records
  const handleExport = () => {
    const shown = searchedFilters(draft.draft);
    const query = exportQueryOf(shown, msgType);
    if (!query)
      return void modal.warning({
        title: t('messages.filters.export'),
        content: t('messages.filters.pickRange'),
      });
    if (exportQueryOf(filters, msgType)?.toString() !== query.toString()) apply(shown);
    download(messagesExportUrl(appId, query));
    return undefined;
  };
  const toggleConversion = (on: boolean) => updateSearch({ conv: on ? '1' : undefined }, { replace: true });

  const firstTime =
    !list.isPending && !list.isError && rows.length === 0 && !hasFilters(filters) && filters.page === 1;

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('messages.title')}
        subtitle={t(cross ? 'messages.crossSubtitle' : 'messages.subtitle')}
        actions={
          <Flex gap={8}>
            {cross && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => compose('editpullup')}
                data-testid="create-pullup"
              >
                {t('messages.filters.createPullUp')}
              </Button>
            )}
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => compose()}
              data-testid="create-message"
            >
              {t(cross ? 'messages.filters.createCross' : 'messages.filters.create')}
            </Button>
          </Flex>
        }
        style={{ marginBottom: 8 }}
      />
      <DataTabs appId={appId} current={cross ? 'cross' : 'push'}>
        {firstTime ? (
          <FirstTimeEmpty
            testId="messages-empty"
            icon={SendOutlined}
            title={t(cross ? 'messages.empty.crossTitle' : 'messages.empty.title')}
            text={t(cross ? 'messages.empty.crossText' : 'messages.empty.text')}
          >
            <Button type="primary" size="large" icon={<SendOutlined />} onClick={() => compose()}>
              {t(cross ? 'messages.empty.crossButton' : 'messages.empty.button')}
            </Button>
          </FirstTimeEmpty>
        ) : (
          <>
            <MessageFilters onSearch={apply} cross={cross} draft={draft} />
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
              pageSize={read.pageSize}
              tz={filters.tz}
              loading={list.isPending}
              conversion={conversion}
              projectLevel={level}
              composeScreen={composeScreen}
              onPageChange={(page) => apply({ ...filters, page })}
              onDetail={setDetail}
            />
            {rows.length === 0 && !list.isPending && hasFilters(filters) && (
              <Typography.Text type="secondary">{t('messages.empty.noMatch')}</Typography.Text>
            )}
          </>
        )}
      </DataTabs>
      <MessageDetailDialog
        appId={appId}
        row={detail}
        onClose={() => setDetail(undefined)}
        actions={
          detail && (
            <DetailActions
              appId={appId}
              row={detail}
              projectLevel={level}
              composeScreen={detail.pullUp ? 'editpullup' : composeScreen}
            />
          )
        }
      />
    </Card>
  );
}
