import { GlobalOutlined, RobotOutlined } from '@ant-design/icons';
import { Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_LIMITS, MaterialType, type MaterialRow, aiWritten } from '@beacon/shared';
import { formatCount, formatRate, zonedTime } from '../../messages';
import { type MaterialOrder } from '../lib/material-filters';
import { MaterialLanguages } from './material-languages';
import { MaterialStatusTag } from './material-status-tag';

interface MaterialTableProps {
  appId: number;
  rows: MaterialRow[];
  total: number;
  page: number;
  /** The list's zone: creation times show in it. */
  tz: string;
  order: MaterialOrder;
  loading: boolean;
  emptyText: ReactNode;
  onPageChange: (page: number) => void;
  onOrderChange: (order: MaterialOrder) => void;
  /** The row's actions (each list its own). */
  actions: (row: MaterialRow) => ReactNode;
}

const SORT_OF: Record<MaterialOrder, 'ascend' | 'descend' | null> = {
  '': null,
  'clickRate-asc': 'ascend',
  'clickRate-desc': 'descend',
};

type CountKey = 'messages' | 'push' | 'reach' | 'show' | 'click';
type RateKey = 'showRate' | 'clickRate';

const count = (key: CountKey, title: string): ColumnsType<MaterialRow>[number] => ({
  key,
  title,
  align: 'right',
  render: (_, r) => <span data-testid={`${key}-${r.materialId}`}>{formatCount(r[key])}</span>,
});
const rate = (key: RateKey, title: string): ColumnsType<MaterialRow>[number] => ({
  key,
  title,
  align: 'right',
  render: (_, r) => <span data-testid={`${key}-${r.materialId}`}>{formatRate(r[key])}</span>,
});

/**
 * A material list (spec §2 Material): id, description, attribute, owner and creation, status, how it was made, the
 * counts of the messages sent from it (click rate sortable), 20 a page; a notification material with languages
 * expands to them.
 */
export function MaterialTable(props: MaterialTableProps) {
  const { t } = useTranslation();
  const { appId, tz } = props;
  const columns: ColumnsType<MaterialRow> = [
    { key: 'id', title: t('materials.columns.id'), render: (_, r) => r.materialId },
    {
      key: 'title',
      title: t('materials.columns.title'),
      width: 220,
      render: (_, r) => (
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong data-testid={`material-title-${r.materialId}`}>
            {r.title}
          </Typography.Text>
          {r.multiLangEnable && (
            <Tooltip title={t('materials.icons.multiLang', { count: r.subCount })}>
              <GlobalOutlined
                aria-label={t('materials.icons.multiLang', { count: r.subCount })}
                style={{ color: '#4c6ef5' }}
                data-testid={`material-lang-${r.materialId}`}
              />
            </Tooltip>
          )}
          {aiWritten(r) && (
            <Tooltip title={t('materials.icons.ai')}>
              <RobotOutlined aria-label={t('materials.icons.ai')} style={{ color: '#7048e8' }} />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'attribute',
      title: t('materials.columns.attribute'),
      render: (_, r) =>
        r.attribute ? (
          <Typography.Text ellipsis={{ tooltip: r.attribute }} style={{ maxWidth: 160 }}>
            {r.attribute}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'owner',
      title: t('materials.columns.owner'),
      render: (_, r) => (
        <div style={{ fontSize: 12 }}>
          <div>{r.ownerEmail}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {zonedTime(r.createDate, tz)}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'status', title: t('materials.columns.status'), render: (_, r) => <MaterialStatusTag row={r} /> },
    {
      key: 'createType',
      title: t('materials.columns.createType'),
      render: (_, r) => t(`materials.createTypes.${r.createType}`, { defaultValue: String(r.createType) }),
    },
    count('messages', t('materials.columns.messages')),
    count('push', t('materials.columns.push')),
    count('reach', t('materials.columns.reach')),
    count('show', t('materials.columns.show')),
    rate('showRate', t('materials.columns.showRate')),
    count('click', t('materials.columns.click')),
    {
      ...rate('clickRate', t('materials.columns.clickRate')),
      sorter: true,
      sortOrder: SORT_OF[props.order],
      sortDirections: ['descend', 'ascend'],
    },
    {
      key: 'actions',
      title: t('materials.columns.actions'),
      fixed: 'right',
      render: (_, r) => props.actions(r),
    },
  ];

  return (
    <Table<MaterialRow>
      rowKey="materialId"
      size="middle"
      data-testid="material-table"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: props.emptyText }}
      expandable={{
        rowExpandable: (r) => r.materialType !== MaterialType.CROSS && r.subCount > 0,
        expandedRowRender: (r) => <MaterialLanguages appId={appId} materialId={r.materialId} />,
      }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        props.onOrderChange(
          sorter.order === 'ascend' ? 'clickRate-asc' : sorter.order === 'descend' ? 'clickRate-desc' : '',
        );
      }}
      pagination={{
        current: props.page,
        pageSize: MATERIAL_LIMITS.pageSize,
        total: props.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (n) => t('materials.total', { count: n }),
        onChange: props.onPageChange,
      }}
    />
  );
}
