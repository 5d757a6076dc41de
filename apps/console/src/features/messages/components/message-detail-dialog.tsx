import { Button, Divider, Flex, Modal, Skeleton, Typography } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canSeeFunnel, type MessageRow } from '@beacon/shared';
import { useAppInfo } from '../../apps';
import { useMessageRecord } from '../api/get-message-record';
import { refreshInterval } from '../lib/message-status';
import { DistributionSection } from './distribution-section';
import { FiguresSection } from './figures-section';
import { ForecastSection } from './forecast-section';
import { FunnelSection } from './funnel-section';
import { ReachSection } from './reach-section';
import { RecoveredSection } from './recovered-section';
import { ControlLiftSection } from './control-lift-section';
import { RecordSection } from './record-section';
import { StatusTag } from './status-tag';
import { useHoverController } from './use-hover-controller';

/** The dialog's width (part 2 §9). */
export const DETAIL_DIALOG_WIDTH = 792;

interface MessageDetailDialogProps {
  appId: number;
  row: MessageRow | undefined;
  onClose: () => void;
  /** buttons beside Close: the list's Edit and Copy (DetailActions); none in the review tab */
  actions?: ReactNode;
}

/**
 * The message detail dialog: record, funnel with the loss popovers (project level 100; other levels the message's own
 * figures with the popovers, and no funnel request), the forecast made at save beside the counted losses,
 * distribution, the deliveries missed-push recovery won back by brand and model, and the reach chart.
 */
export function MessageDetailDialog({ appId, row, onClose, actions }: MessageDetailDialogProps) {
  const { t } = useTranslation();
  const controller = useHoverController();
  const record = useMessageRecord(appId, row?.id);
  const info = useAppInfo(appId);
  const status = record.data?.status ?? row?.status ?? 0;
  // the funnel is asked at project level 100 only (part 2 §2); nothing that reads it waits for the level unasked
  const level = info.data?.projectLevel;
  const withFunnel = level !== undefined && canSeeFunnel(level);
  // every few seconds while it sends, then slowly while its devices still report (events arrive for hours)
  const refresh = refreshInterval([status], Number.NEGATIVE_INFINITY, Date.now());

  return (
    <Modal
      open={row !== undefined}
      width={DETAIL_DIALOG_WIDTH}
      onCancel={() => {
        controller.close();
        onClose();
      }}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          {actions}
          <Button onClick={onClose}>{t('messages.detail.close')}</Button>
        </Flex>
      }
      title={
        row && (
          <Flex gap={8} align="center" wrap>
            <span>{row.title}</span>
            <StatusTag status={status} />
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
              {t('messages.detail.title', { id: row.msgId })}
            </Typography.Text>
          </Flex>
        )
      }
      data-testid="message-detail"
    >
      {row && (
        <div data-testid="message-detail-body">
          {record.data ? (
            <RecordSection m={record.data} appName={info.data?.title ?? ''} />
          ) : (
            <Skeleton active />
          )}
          <Divider />
          {level === undefined ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : withFunnel ? (
            <FunnelSection appId={appId} msgId={row.msgId} refresh={refresh} controller={controller} />
          ) : (
            <FiguresSection
              appId={appId}
              row={record.data ?? row}
              refresh={refresh}
              controller={controller}
            />
          )}
          <Divider />
          {record.data && level !== undefined && (
            <>
              <ForecastSection appId={appId} m={record.data} refresh={refresh} withFunnel={withFunnel} />
              <Divider />
            </>
          )}
          <DistributionSection appId={appId} msgId={row.msgId} />
          <Divider />
          <RecoveredSection appId={appId} msgId={row.msgId} refresh={refresh} />
          <Divider />
          <ControlLiftSection appId={appId} msgId={row.msgId} refresh={refresh} />
          <ReachSection appId={appId} msgId={row.msgId} startedAt={row.createTime} refresh={refresh} />
        </div>
      )}
    </Modal>
  );
}
