import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialStatus, type MaterialRow } from '@beacon/shared';

const COLORS: Record<number, string> = {
  [MaterialStatus.PASSED]: 'success',
  [MaterialStatus.AWAITING_AUDIT]: 'warning',
  [MaterialStatus.REJECTED]: 'error',
  [MaterialStatus.CREATE_FAILED]: 'error',
  [MaterialStatus.CREATING]: 'processing',
};

/** A material's status (spec §3): passed, waiting for review, rejected with the reviewer's reason in a tooltip, … */
export function MaterialStatusTag({
  row,
}: {
  row: Pick<MaterialRow, 'materialId' | 'status' | 'rejectReason'>;
}) {
  const { t } = useTranslation();
  const tag = (
    <Tag
      color={COLORS[row.status] ?? 'default'}
      style={{ marginInlineEnd: 0 }}
      data-testid={`material-status-${row.materialId}`}
    >
      {t(`materials.status.${row.status}`, { defaultValue: String(row.status) })}
    </Tag>
  );
  if (row.status !== MaterialStatus.REJECTED || !row.rejectReason) return tag;
  return <Tooltip title={t('materials.rejectedBecause', { reason: row.rejectReason })}>{tag}</Tooltip>;
}
