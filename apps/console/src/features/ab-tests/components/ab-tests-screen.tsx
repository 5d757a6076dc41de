import { ExperimentOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AbTestListRequest, type AbTestRow } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { useAppInfo } from '../../apps';
import {
  DataTabs,
  needsRefresh,
  ParentFilters,
  PARENT_LIST_URL,
  parentFiltersPatch,
  parentListFilters,
  parentListRequest,
  hasParentFilters,
  type ParentListFilters,
} from '../../messages';
import { statusesOf, useAbTests } from '../api/get-ab-tests';
import { AbDetailDialog } from './ab-detail-dialog';
import { AbTable } from './ab-table';
import { appPath } from '../../../lib/paths';

/**
 * data/abtest: the A/B tests (part 2 §2), with filters and page in the URL, each row expanding to its arms, the row
 * menu and the A/B detail.
 */
export function AbTestsScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters: read, update } = useListFilters(AbTestListRequest, PARENT_LIST_URL);
  const filters = parentListFilters(read);
  const list = useAbTests(appId, parentListRequest(filters));
  const info = useAppInfo(appId);
  const [detail, setDetail] = useState<AbTestRow>();
  const rows = list.data?.msgs ?? [];
  const create = () => void navigate(appPath(appId, 'message/editabtest'));
  const apply = (next: ParentListFilters) => update(parentFiltersPatch(next));
  const firstTime =
    !list.isPending && !list.isError && rows.length === 0 && !hasParentFilters(filters) && filters.page === 1;

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('messages.title')}
        subtitle={t('abTests.list.subtitle')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="create-abtest">
            {t('abTests.list.create')}
          </Button>
        }
        style={{ marginBottom: 8 }}
      />
      <DataTabs appId={appId} current="abtest">
        {firstTime ? (
          <Empty
            data-testid="ab-empty"
            image={<ExperimentOutlined style={{ fontSize: 56, color: '#4c6ef5' }} />}
            style={{ padding: '48px 0' }}
            description={
              <>
                <Typography.Title level={4}>{t('abTests.empty.title')}</Typography.Title>
                <Typography.Text type="secondary">{t('abTests.empty.text')}</Typography.Text>
              </>
            }
          >
            <Button type="primary" size="large" icon={<ExperimentOutlined />} onClick={create}>
              {t('abTests.empty.button')}
            </Button>
          </Empty>
        ) : (
          <>
            <ParentFilters testId="ab-filters" value={filters} onSearch={apply} />
            {needsRefresh(statusesOf(rows)) && (
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="refreshing">
                <SyncOutlined spin /> {t('messages.refreshing')}
              </Typography.Paragraph>
            )}
            <AbTable
              appId={appId}
              rows={rows}
              total={list.data?.total ?? 0}
              page={filters.page}
              pageSize={read.pageSize}
              tz={filters.tz}
              loading={list.isPending}
              projectLevel={info.data?.projectLevel ?? 0}
              onPageChange={(page) => apply({ ...filters, page })}
              onDetail={setDetail}
            />
            {rows.length === 0 && !list.isPending && hasParentFilters(filters) && (
              <Typography.Text type="secondary">{t('abTests.empty.noMatch')}</Typography.Text>
            )}
          </>
        )}
      </DataTabs>
      <AbDetailDialog appId={appId} row={detail} onClose={() => setDetail(undefined)} />
    </Card>
  );
}
