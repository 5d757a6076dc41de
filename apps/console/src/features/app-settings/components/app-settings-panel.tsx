import { ArrowLeftOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  APP_SWITCH_FIELDS,
  APP_SWITCHES,
  GlobalAppListRequest,
  type AppSwitch,
  type GlobalAppRow,
} from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { useGlobalAppList } from '../api/get-global-app-list';
import { useSetAppSwitch } from '../api/set-app-switch';

/** /appsettings: every app's configuration with search (title or package) and page in the URL, a switch per setting. */
export function AppSettingsPanel() {
  const { t } = useTranslation();
  const { filters, update, search } = useListFilters(GlobalAppListRequest, {
    fields: ['title'],
    search: 'title',
    replace: true,
  });
  const list = useGlobalAppList(filters);
  const change = useSetAppSwitch();

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
      <ListHeader
        back={
          <Link to="/dashboard">
            <Button icon={<ArrowLeftOutlined />} aria-label={t('appSettings.back')}>
              {t('appSettings.back')}
            </Button>
          </Link>
        }
        title={t('appSettings.title')}
        subtitle={t('appSettings.subtitle')}
        search={{ label: t('appSettings.search'), width: 280, ...search }}
      />
      <Table<GlobalAppRow>
        rowKey="appId"
        size="middle"
        scroll={{ x: 1100 }}
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        locale={{ emptyText: filters.title ? t('appSettings.noMatch') : t('appSettings.empty') }}
        pagination={{
          current: filters.pageNo,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => t('appSettings.total', { count: n }),
          onChange: (pageNo) => update({ pageNo }),
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
