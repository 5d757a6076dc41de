import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Input, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  APP_SWITCH_FIELDS,
  APP_SWITCHES,
  GLOBAL_APP_PAGE_SIZE,
  LIMITS,
  type AppSwitch,
  type GlobalAppRow,
} from '@beacon/shared';
import { useGlobalAppList } from '../api/get-global-app-list';
import { useSetAppSwitch } from '../api/set-app-switch';

function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /appsettings: every app's configuration with search (title or package) and page in the URL, a switch per setting. */
export function AppSettingsPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const title = search.get('title') ?? '';
  const page = pageFrom(search);
  const [term, setTerm] = useState(title);
  const timer = useRef<number | undefined>(undefined);
  const list = useGlobalAppList({ title, pageNo: page, pageSize: GLOBAL_APP_PAGE_SIZE });
  const change = useSetAppSwitch();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (patch: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const handleTerm = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => update({ title: value.trim() || undefined, page: undefined }),
      LIMITS.searchDebounceMs,
    );
  };

  const switchColumn = (name: AppSwitch) => {
    const field = APP_SWITCH_FIELDS[name];
    return {
      title: t(`appSettings.switch.${name}`),
      dataIndex: field,
      width: 120,
      align: 'center' as const,
      render: (on: boolean, row: GlobalAppRow) => {
        const pending =
          change.isPending && change.variables.appId === row.appId && change.variables.name === name;
        return (
          <Switch
            size="small"
            checked={pending ? change.variables.enable : on}
            loading={pending}
            onChange={(enable) => change.mutate({ appId: row.appId, name, enable })}
            aria-label={t('appSettings.switchOf', { name: t(`appSettings.switch.${name}`), app: row.title })}
          />
        );
      },
    };
  };

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12}>
          <Link to="/dashboard">
            <Button icon={<ArrowLeftOutlined />} aria-label={t('appSettings.back')}>
              {t('appSettings.back')}
            </Button>
          </Link>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('appSettings.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('appSettings.subtitle')}</Typography.Text>
          </div>
        </Flex>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('appSettings.search')}
          aria-label={t('appSettings.search')}
          value={term}
          onChange={(e) => handleTerm(e.target.value)}
          style={{ width: 280 }}
        />
      </Flex>
      <Table<GlobalAppRow>
        rowKey="appId"
        size="middle"
        scroll={{ x: 1100 }}
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: title ? t('appSettings.noMatch') : t('appSettings.empty') }}
        pagination={{
          current: page,
          pageSize: GLOBAL_APP_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => t('appSettings.total', { count: n }),
          onChange: (next) => update({ page: next > 1 ? String(next) : undefined }),
        }}
        columns={[
          {
            title: t('appSettings.app'),
            dataIndex: 'title',
            fixed: 'left',
            width: 260,
            sorter: (a, b) => a.title.localeCompare(b.title),
            render: (v: string, row) => (
              <Flex gap={10} align="center">
                <Avatar shape="square" src={row.logo || undefined}>
                  {v.slice(0, 1).toUpperCase()}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong ellipsis>
                    {v}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {row.pkg}
                  </Typography.Text>
                </div>
              </Flex>
            ),
          },
          {
            title: t('appSettings.owner'),
            dataIndex: 'ownerEmail',
            width: 200,
            ellipsis: true,
            sorter: (a, b) => a.ownerEmail.localeCompare(b.ownerEmail),
          },
          {
            title: t('appSettings.credentials'),
            dataIndex: 'hasServiceAccount',
            width: 120,
            render: (ok: boolean) => (
              <Tag color={ok ? 'green' : 'default'}>
                {ok ? t('appSettings.credentialsOk') : t('appSettings.credentialsMissing')}
              </Tag>
            ),
          },
          ...APP_SWITCHES.map(switchColumn),
        ]}
      />
    </Card>
  );
}
