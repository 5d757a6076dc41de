import { DatePicker, Drawer, Flex, Input, Select, Table, Tag } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_SIZE, POLICY_AUDIT_AREAS, type PolicyAuditRow } from '@beacon/shared';
import { useAudit } from '../api/get-audit';
import { AuditValue } from './audit-value';
import { formatDateTime } from '../../../lib/date-format';

interface AuditDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The area shown first (the tab it was opened from); the filter can be changed or cleared. */
  area?: string;
}

/** The policy audit log (levels 100 and 150): who changed what, when, old → new; filters area, actor, dates. */
export function AuditDrawer({ open, onClose, area }: AuditDrawerProps) {
  const { t } = useTranslation();
  const [shownArea, setShownArea] = useState<string | undefined>(area);
  const [actor, setActor] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const filter = {
    ...(shownArea ? { area: shownArea } : {}),
    ...(actor.trim() ? { actor: actor.trim() } : {}),
    ...(range?.[0] ? { from: range[0].startOf('day').toISOString() } : {}),
    ...(range?.[1] ? { to: range[1].endOf('day').toISOString() } : {}),
    pageNo: page,
    pageSize: AUDIT_PAGE_SIZE,
  };
  const audit = useAudit(filter, open);
  const areaLabel = (a: string) => t(`audit.areas.${a}`, { defaultValue: a });

  const columns: ColumnsType<PolicyAuditRow> = [
    {
      title: t('audit.col.at'),
      dataIndex: 'at',
      width: 150,
      render: (at: string) => formatDateTime(at),
    },
    { title: t('audit.col.actor'), dataIndex: 'actorEmail', width: 170, ellipsis: true },
    {
      title: t('audit.col.area'),
      dataIndex: 'area',
      width: 130,
      render: (a: string) => <Tag>{areaLabel(a)}</Tag>,
    },
    {
      title: t('audit.col.action'),
      dataIndex: 'action',
      width: 110,
      render: (a: string) => t(`audit.actions.${a}`, { defaultValue: a }),
    },
    { title: t('audit.col.target'), dataIndex: 'target', width: 160 },
    { title: t('audit.col.old'), dataIndex: 'oldValue', render: (v: unknown) => <AuditValue value={v} /> },
    { title: t('audit.col.new'), dataIndex: 'newValue', render: (v: unknown) => <AuditValue value={v} /> },
  ];

  return (
    <Drawer
      title={t('audit.title')}
      open={open}
      onClose={onClose}
      size={Math.min(1100, window.innerWidth - 64)}
      destroyOnHidden
    >
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          aria-label={t('audit.filterArea')}
          placeholder={t('audit.allAreas')}
          value={shownArea}
          onChange={(v: string | undefined) => {
            setShownArea(v);
            setPage(1);
          }}
          options={POLICY_AUDIT_AREAS.map((a) => ({ value: a, label: areaLabel(a) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          aria-label={t('audit.filterActor')}
          placeholder={t('audit.filterActor')}
          onSearch={(v) => {
            setActor(v);
            setPage(1);
          }}
        />
        <DatePicker.RangePicker
          aria-label={t('audit.filterDates')}
          value={range}
          disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
      </Flex>
      <Table<PolicyAuditRow>
        data-testid="audit-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={audit.data?.list ?? []}
        loading={audit.isFetching}
        locale={{ emptyText: t('audit.empty') }}
        pagination={{
          current: page,
          pageSize: AUDIT_PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => t('common.total', { count: total }),
        }}
      />
    </Drawer>
  );
}
