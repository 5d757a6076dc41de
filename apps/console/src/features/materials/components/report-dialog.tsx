import { Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_LIMITS, type MaterialReportRow, type MaterialRow } from '@beacon/shared';
import { formatWallTime } from '../../../lib/date-format';
import { formatCount, formatRate } from '../../messages';
import { useMaterialReport } from '../api/get-material-report';

const DETAIL_WIDTH = 792;

type CountKey = 'push' | 'reach' | 'show' | 'click';
type RateKey = 'showRate' | 'clickRate';

/** The messages sent from a material (getMaterialReport, spec §3 material report rows), 20 a page. */
export function ReportDialog({
  appId,
  material,
  onClose,
}: {
  appId: number;
  material: Pick<MaterialRow, 'materialId' | 'title'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const report = useMaterialReport(appId, material.materialId, page);
  const count = (key: CountKey) => ({
    key,
    title: t(`materials.columns.${key}`),
    align: 'right' as const,
    render: (_: unknown, r: MaterialReportRow) => formatCount(r[key]),
  });
  const rate = (key: RateKey) => ({
    key,
    title: t(`materials.columns.${key}`),
    align: 'right' as const,
    render: (_: unknown, r: MaterialReportRow) => formatRate(r[key]),
  });
  return (
    <Modal
      open
      width={DETAIL_WIDTH}
      title={t('materials.report.title', { title: material.title, id: material.materialId })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="material-report"
    >
      <Table<MaterialReportRow>
        size="small"
        rowKey="id"
        loading={report.isPending}
        dataSource={report.data?.msgReport ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('materials.report.empty') }}
        columns={[
          { key: 'title', title: t('materials.report.message'), dataIndex: 'title' },
          {
            key: 'scheduleDate',
            title: t('materials.report.schedule'),
            render: (_, r) => (r.scheduleDate ? formatWallTime(r.scheduleDate) : t('materials.report.now')),
          },
          count('push'),
          count('reach'),
          count('show'),
          rate('showRate'),
          count('click'),
          rate('clickRate'),
        ]}
        pagination={{
          current: page,
          pageSize: MATERIAL_LIMITS.pageSize,
          total: report.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
