import { PlusOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Pagination, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppListRequest, LIMITS } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { AppsEmpty } from './apps-empty';
import { useApps } from '../api/get-apps';
import { AppCard } from './app-card';

const COL = { xs: 24, sm: 12, lg: 8 } as const;

/** The dashboard's Apps tab: search (debounced, in the URL), the card grid with the add card, pager and footer. */
export function AppsTab({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const { filters, update, search } = useListFilters(AppListRequest, {
    fields: ['title'],
    names: { title: 'q' },
    search: 'title',
  });
  const { title, pageNo } = filters;
  const searching = title !== '';
  const pageSize = searching ? LIMITS.appListSearchPageSize : LIMITS.appListPageSize;
  const { data, isLoading } = useApps({ title, pageNo, pageSize });

  if (!isLoading && data && data.total === 0 && !searching) return <AppsEmpty onCreate={onCreate} />;

  return (
    <Flex vertical gap={20}>
      <ListHeader
        wrap
        title={t('apps.grid.heading')}
        search={{ label: t('apps.grid.search'), width: 280, testId: 'apps-search', ...search }}
        style={{ marginBottom: 0 }}
      />
      {isLoading ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: 3 }, (_, i) => (
            <Col key={i} {...COL}>
              <Card>
                <Skeleton avatar active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : searching && data?.total === 0 ? (
        <Card variant="borderless">
          <Empty description={t('apps.grid.noMatch', { title })} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="apps-grid">
          {!searching && (
            <Col {...COL}>
              <Card
                hoverable
                role="button"
                tabIndex={0}
                onClick={onCreate}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onCreate()}
                style={{ height: '100%', minHeight: 150, borderStyle: 'dashed' }}
                styles={{
                  body: { height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' },
                }}
                data-testid="add-app-card"
              >
                <Flex vertical align="center" gap={8} style={{ color: '#2563eb' }}>
                  <PlusOutlined style={{ fontSize: 28 }} />
                  <Typography.Text strong style={{ color: 'inherit' }}>
                    {t('apps.grid.add')}
                  </Typography.Text>
                </Flex>
              </Card>
            </Col>
          )}
          {data?.results.map((app) => (
            <Col key={app.appId} {...COL}>
              <AppCard app={app} />
            </Col>
          ))}
        </Row>
      )}
      {(data?.total ?? 0) > pageSize && (
        <Flex justify="center">
          <Pagination
            current={pageNo}
            pageSize={pageSize}
            total={data?.total ?? 0}
            onChange={(page) => update({ pageNo: page })}
            showSizeChanger={false}
            showTotal={(total) => t('common.total', { count: total })}
          />
        </Flex>
      )}
      <Flex justify="center" gap={24} style={{ marginTop: 12 }}>
        <Typography.Link href="/tcm/docs/privacy-policy" target="_blank">
          {t('apps.grid.privacy')}
        </Typography.Link>
        <Typography.Link href="/tcm/docs/user-agreement" target="_blank">
          {t('apps.grid.agreement')}
        </Typography.Link>
      </Flex>
    </Flex>
  );
}
