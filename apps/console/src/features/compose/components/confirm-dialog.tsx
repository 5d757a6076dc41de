import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFileTargeting, ScheduleType, TargetingType, type MessageSaveInput } from '@beacon/shared';
import { ConfirmPreview, ConfirmSummary } from '../../../components/confirm-summary';
import { currentLanguage } from '../../../i18n';
import { formatWallTime } from '../../../lib/date-format';
import { formatRate } from '../../../lib/number-format';
import { type ComposeValues } from '../../../message-editor/lib/compose-values';
import { type MessageKind } from '../../../message-editor/lib/message-kind';
import { confirmLabel } from '../../../message-editor/lib/confirm-label';
import { slowPushDuration } from '../../../message-editor/lib/slow-push';
import { CrossSummary } from '../../../message-editor/components/cross-summary';
import { ForecastPanel } from '../../../message-editor/components/forecast-panel';
import { ConfirmGroupApps } from '../../../message-editor/components/group-apps-section';

interface ConfirmDialogProps {
  appId: number;
  open: boolean;
  values: ComposeValues;
  payload: MessageSaveInput;
  appName: string;
  groupName: string | undefined;
  saving: boolean;
  editing: boolean;
  /** The message will wait for review (waitsForReview): the button says so instead of Send. */
  toReview?: boolean;
  kind?: MessageKind;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The push-preview confirmation (part 2 §4): content (the notification card, or a cross message's JSON and pull-up
 * target), kind, targeting, count, schedule, TTL and speed, and the forecast before send (the estimate, expected sends
 * and dispatch losses).
 */
export function ConfirmDialog({
  appId,
  open,
  values: v,
  payload,
  appName,
  groupName,
  saving,
  editing,
  toReview = false,
  kind = 'notification',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const count = payload.pushCount;
  const targeting = t(`compose.targeting.type${payload.targetingType}`);
  const fileDetail = (list: ComposeValues['fileList']): string => {
    const name = list?.name || list?.link || '';
    return list?.count === undefined
      ? name
      : `${name} · ${t('compose.confirm.devices', { count: list.count })}`;
  };
  const detail =
    payload.targetingType === TargetingType.CONDITIONS
      ? t('compose.confirm.conditions', { count: payload.conditions?.length ?? 0 })
      : payload.targetingType === TargetingType.DEVICES
        ? t('compose.confirm.devices', { count: payload.userIds?.length ?? 0 })
        : payload.targetingType === TargetingType.USER_GROUP
          ? (groupName ?? '')
          : isFileTargeting(payload.targetingType)
            ? fileDetail(payload.targetingType === TargetingType.FILE_UPLOAD ? v.fileList : v.linkList)
            : '';
  const schedule =
    payload.scheduleType === ScheduleType.NOW
      ? t('compose.schedule.now')
      : payload.scheduleType === ScheduleType.BEST_HOUR
        ? `${t('compose.schedule.bestHour')} · ${t('compose.fields.controlShare')} ${formatRate(payload.controlShare ?? 0, currentLanguage())}`
        : // the wall time as set, in the console's date style (its zone beside it, or each device's)
          payload.scheduleType === ScheduleType.AT_TIME
          ? `${formatWallTime(payload.scheduleDate ?? '')} (UTC${payload.scheduleUTC ?? ''})`
          : `${formatWallTime(payload.scheduleDate ?? '')} ${t('compose.schedule.localSuffix')}`;
  return (
    <Modal
      open={open}
      width={640}
      title={t('compose.confirm.title')}
      okText={confirmLabel(t, { editing, toReview })}
      cancelText={t('compose.actions.back')}
      confirmLoading={saving}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start' }}>
        {kind === 'notification' ? (
          <ConfirmPreview appName={appName} values={v} />
        ) : (
          <CrossSummary data={payload.data} />
        )}
        <ConfirmSummary
          payload={payload}
          descriptionLabel={t(
            kind === 'notification' ? 'compose.fields.description' : 'compose.cross.fields.description',
          )}
          targeting={detail ? `${targeting} · ${detail}` : targeting}
          languages={
            payload.multiLangEnable
              ? (payload.multiLangContent?.map((e) => e.lang).join(', ') ?? '')
              : undefined
          }
          schedule={schedule}
          durationAt={(rate) => slowPushDuration(count, rate)}
          style={{ flex: 1 }}
        />
      </div>
      <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 0 }} data-testid="confirm-count">
        {t('compose.confirm.count', { count })}
      </Typography.Paragraph>
      <ConfirmGroupApps appId={appId} values={v} />
      <ForecastPanel appId={appId} payload={payload} />
    </Modal>
  );
}
