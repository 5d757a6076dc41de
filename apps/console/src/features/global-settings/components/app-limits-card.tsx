import { App, Button, Card, Flex, InputNumber, Popconfirm, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_LIMIT_COUNT_MAX, AppLimitCount, type AppLimitRow } from '@beacon/shared';
import { SearchBox } from '../../../components/list-header';
import { outOfRange, RangeError } from '../../../components/range-error';
import { currentLanguage } from '../../../i18n';
import { formatNumber } from '../../../lib/number-format';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useAppLimits } from '../api/get-app-limits';
import { useSetAllAppLimitCount } from '../api/set-all-app-limit-count';
import { useSetAllAppLimitEnable } from '../api/set-all-app-limit-enable';
import { useSetAppLimit } from '../api/set-app-limit';

const PAGE_SIZE = 20;
/** A count the contract (and so the server) takes. */
const isCount = (v: unknown): v is number => typeof v === 'number' && AppLimitCount.safeParse(v).success;

/** The count cell: committed on Enter or blur; an invalid count reverts. */
function CountCell({ row }: { row: AppLimitRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const save = useSetAppLimit();
  const commit = () => {
    if (draft === undefined) return;
    setDraft(undefined);
    if (!isCount(draft)) {
      void message.error(
        t('globalSettings.apps.invalidCount', { max: formatNumber(APP_LIMIT_COUNT_MAX, currentLanguage()) }),
      );
      return;
    }
    if (draft !== row.limitCount)
      save.mutate({ appId: row.appId, limitEnable: row.limitEnable, limitCount: draft });
  };
  return (
    <InputNumber<number>
      aria-label={t('globalSettings.apps.countOf', { app: row.title })}
      value={draft === undefined ? row.limitCount || null : draft}
      placeholder="—"
      onChange={(v) => setDraft(v)}
      onPressEnter={commit}
      onBlur={commit}
      precision={0}
      style={{ width: 140 }}
    />
  );
}

/** Per-app daily message limits: each app may create at most N messages a day when its switch is on. */
export function AppLimitsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(1);
  const [allCount, setAllCount] = useState<number | null>(null);
  const search = useDebouncedSearch(title, (next) => {
    setTitle(next);
    setPage(1);
  });
  const list = useAppLimits({ title, pageNo: page, pageSize: PAGE_SIZE });
  const one = useSetAppLimit();
  const allEnable = useSetAllAppLimitEnable();
  const allCountSave = useSetAllAppLimitCount();

  const handleSwitch = (row: AppLimitRow, on: boolean) => {
    if (on && !isCount(row.limitCount)) {
      void message.warning(t('globalSettings.apps.setCountFirst'));
      return;
    }
    one.mutate({ appId: row.appId, limitEnable: on, limitCount: row.limitCount || 1 });
  };

  return (
    <Card
      title={t('globalSettings.apps.title')}
      variant="borderless"
      extra={<SearchBox label={t('globalSettings.apps.search')} width={240} {...search} />}
    >
      <Typography.Paragraph type="secondary">{t('globalSettings.apps.hint')}</Typography.Paragraph>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Popconfirm
          title={t('globalSettings.apps.enableAllConfirm')}
          onConfirm={() =>
            allEnable.mutate(true, {
              onSuccess: (r) => void message.success(t('globalSettings.apps.updated', { count: r.updated })),
            })
          }
        >
          <Button loading={allEnable.isPending && allEnable.variables}>
            {t('globalSettings.apps.enableAll')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('globalSettings.apps.disableAllConfirm')}
          onConfirm={() =>
            allEnable.mutate(false, {
              onSuccess: (r) => void message.success(t('globalSettings.apps.updated', { count: r.updated })),
            })
          }
        >
          <Button loading={allEnable.isPending && !allEnable.variables}>
            {t('globalSettings.apps.disableAll')}
          </Button>
        </Popconfirm>
        <Space.Compact>
          {/* no min / max: they clamp on blur without a word (2,000,000 became 1,000,000); the range shows beside */}
          <InputNumber<number>
            aria-valuemin={1}
            aria-valuemax={APP_LIMIT_COUNT_MAX}
            precision={0}
            status={outOfRange(allCount, 1, APP_LIMIT_COUNT_MAX) ? 'error' : undefined}
            value={allCount}
            onChange={setAllCount}
            placeholder={t('globalSettings.apps.countAll')}
            aria-label={t('globalSettings.apps.countAll')}
            style={{ width: 160 }}
          />
          <Popconfirm
            title={t('globalSettings.apps.countAllConfirm', { count: allCount ?? 0 })}
            disabled={!isCount(allCount)}
            onConfirm={() =>
              isCount(allCount) &&
              allCountSave.mutate(allCount, {
                onSuccess: (r) =>
                  void message.success(t('globalSettings.apps.updated', { count: r.updated })),
              })
            }
          >
            <Button disabled={!isCount(allCount)} loading={allCountSave.isPending}>
              {t('globalSettings.apps.applyAll')}
            </Button>
          </Popconfirm>
        </Space.Compact>
        {outOfRange(allCount, 1, APP_LIMIT_COUNT_MAX) && <RangeError min={1} max={APP_LIMIT_COUNT_MAX} />}
      </Flex>
      <Table<AppLimitRow>
        rowKey="appId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: title ? t('globalSettings.apps.noMatch') : t('globalSettings.apps.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            title: t('globalSettings.apps.app'),
            dataIndex: 'title',
            sorter: (a, b) => a.title.localeCompare(b.title),
            render: (v: string, row) => (
              <div>
                <Typography.Text strong>{v}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{row.pkg}</Typography.Text>
              </div>
            ),
          },
          {
            title: t('globalSettings.apps.limitOn'),
            dataIndex: 'limitEnable',
            width: 140,
            render: (on: boolean, row) => (
              <Switch
                checked={one.isPending && one.variables.appId === row.appId ? one.variables.limitEnable : on}
                loading={one.isPending && one.variables.appId === row.appId}
                onChange={(next) => handleSwitch(row, next)}
                aria-label={t('globalSettings.apps.limitOf', { app: row.title })}
              />
            ),
          },
          {
            title: t('globalSettings.apps.count'),
            key: 'count',
            width: 180,
            render: (_, row) => <CountCell key={`${row.appId}-${row.limitCount}`} row={row} />,
          },
        ]}
      />
    </Card>
  );
}
