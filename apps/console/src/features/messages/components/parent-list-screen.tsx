import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AbTestListRequest } from '@beacon/shared';
import { FirstTimeEmpty } from '../../../components/first-time-empty';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import {
  hasParentFilters,
  PARENT_LIST_URL,
  parentFiltersPatch,
  parentListFilters,
  parentListRequest,
  type ParentListFilters,
} from '../lib/parent-list';
import { DataTabs } from './data-tabs';
import { ParentFilters } from './parent-filters';

/** A parent list's filters and page as the URL keeps them, the list call's body and how to change them. */
export function useParentList() {
  // the journeys' list request is the A/B tests' (JourneyListRequest = AbTestListRequest)
  const { filters: read, update } = useListFilters(AbTestListRequest, PARENT_LIST_URL);
  const filters = parentListFilters(read);
  return {
    filters,
    pageSize: read.pageSize,
    request: parentListRequest(filters),
    apply: (next: ParentListFilters) => update(parentFiltersPatch(next)),
  };
}

/** What each parent list's table is given by the scaffold: its rows, page and zone. */
export interface ParentTableProps<Row> {
  appId: number;
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  tz: string;
  loading: boolean;
  onPageChange: (page: number) => void;
}

export interface ParentListScreenProps<Row> {
  appId: number;
  /** The data tab, and the i18n section of the list's own texts (`<texts>.list.…`, `<texts>.empty.…`). */
  tab: 'abtest' | 'canvas';
  texts: 'abTests' | 'journeys';
  icon: ComponentType<{ style?: CSSProperties }>;
  testIds: { create: string; empty: string; filters: string };
  list: { isPending: boolean; isError: boolean; data?: { msgs: Row[]; total: number } };
  state: ReturnType<typeof useParentList>;
  onCreate: () => void;
  /** Between the filters and the table (the refreshing note). */
  above?: ReactNode;
  table: (props: ParentTableProps<Row>) => ReactNode;
  /** After the tabs: the list's dialogs. */
  children?: ReactNode;
}

/**
 * The scaffold of the parent message lists (A/B tests, journeys): the header with the create button, the data tabs, the
 * first-time empty state, else the filters, the table with its page and the no-match line.
 */
export function ParentListScreen<Row>({
  appId,
  tab,
  texts,
  icon: Icon,
  testIds,
  list,
  state: { filters, pageSize, apply },
  onCreate,
  above,
  table,
  children,
}: ParentListScreenProps<Row>) {
  const { t } = useTranslation();
  const rows = list.data?.msgs ?? [];
  const firstTime =
    !list.isPending && !list.isError && rows.length === 0 && !hasParentFilters(filters) && filters.page === 1;

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('messages.title')}
        subtitle={t(`${texts}.list.subtitle`)}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={testIds.create}>
            {t(`${texts}.list.create`)}
          </Button>
        }
        style={{ marginBottom: 8 }}
      />
      <DataTabs appId={appId} current={tab}>
        {firstTime ? (
          <FirstTimeEmpty
            testId={testIds.empty}
            icon={Icon}
            title={t(`${texts}.empty.title`)}
            text={t(`${texts}.empty.text`)}
          >
            <Button type="primary" size="large" icon={<Icon />} onClick={onCreate}>
              {t(`${texts}.empty.button`)}
            </Button>
          </FirstTimeEmpty>
        ) : (
          <>
            <ParentFilters testId={testIds.filters} value={filters} onSearch={apply} />
            {above}
            {table({
              appId,
              rows,
              total: list.data?.total ?? 0,
              page: filters.page,
              pageSize,
              tz: filters.tz,
              loading: list.isPending,
              onPageChange: (page) => apply({ ...filters, page }),
            })}
            {rows.length === 0 && !list.isPending && hasParentFilters(filters) && (
              <Typography.Text type="secondary">{t(`${texts}.empty.noMatch`)}</Typography.Text>
            )}
          </>
        )}
      </DataTabs>
      {children}
    </Card>
  );
}
