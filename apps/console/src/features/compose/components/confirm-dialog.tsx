import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFileTargeting, ScheduleType, TargetingType, type MessageSaveInput } from '@beacon/shared';
import { PushPreview } from '../../../components/push-preview';
import { type ComposeValues } from '../lib/compose-values';
import { type MessageKind } from '../lib/message-kind';
import { slowPushDuration } from '../lib/slow-push';
import { CrossSummary } from './cross-summary';
import { ForecastPanel } from './forecast-panel';

interface ConfirmDialogProps {
  appId: number;
  open: boolean;
  values: ComposeValues;
  payload: MessageSaveInput;
  appName: string;
  groupName: string | undefined;
  saving: boolean;
  editing: boolean;
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
      : payload.scheduleType === ScheduleType.AT_TIME
        ? `${payload.scheduleDate ?? ''} (UTC${payload.scheduleUTC ?? ''})`
        : `${payload.scheduleDate ?? ''} ${t('compose.schedule.localSuffix')}`;
  const speed = payload.speedLimit
    ? `${payload.speedLimit}/s · ${t('compose.schedule.duration', slowPushDuration(count, payload.speedLimit))}`
    : t('compose.confirm.fullSpeed');
  return (
    <Modal
      open={open}
      width={640}
      title={t('compose.confirm.title')}
      okText={editing ? t('compose.actions.save') : t('compose.actions.send')}
      cancelText={t('compose.actions.back')}
      confirmLoading={saving}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start' }}>
        {kind === 'notification' ? (
          <PushPreview
            appName={appName}
            expanded
            labels={{ now: t('compose.preview.now'), titlePlaceholder: '', descPlaceholder: '' }}
            content={{
              design: v.design,
              title: v.title,
              desc: v.desc,
              smallIcon: v.smallIcon,
              color: v.smallIconColor,
              icon: v.icon,
              button: v.button,
              exType: v.exType,
              exText: v.exText,
              exImage: v.exImage,
              optionalIcon: v.optionalIcon,
              buttons: v.buttons,
            }}
          />
        ) : (
          <CrossSummary data={payload.data} />
        )}
        <Descriptions size="small" column={1} style={{ flex: 1 }}>
          <Descriptions.Item
            label={t(
              kind === 'notification' ? 'compose.fields.description' : 'compose.cross.fields.description',
            )}
          >
            {payload.title}
          </Descriptions.Item>
          <Descriptions.Item label={t('compose.fields.msgRestrictType')}>
            {t(`compose.kind.${['ad', 'distribute', 'content'][(payload.msgRestrictType ?? 1) - 1]}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('compose.fields.targetingType')}>
            {detail ? `${targeting} · ${detail}` : targeting}
          </Descriptions.Item>
          {payload.multiLangEnable && (
            <Descriptions.Item label={t('compose.fields.languages')}>
              {payload.multiLangContent?.map((e) => e.lang).join(', ')}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('compose.fields.scheduleType')}>{schedule}</Descriptions.Item>
          <Descriptions.Item label={t('compose.fields.ttl')}>
            {t('compose.confirm.hours', { count: (payload.timeToLive ?? 43200) / 3600 })}
          </Descriptions.Item>
          <Descriptions.Item label={t('compose.fields.speedLimit')}>{speed}</Descriptions.Item>
          {payload.msgDisplayPrior !== undefined && (
            <Descriptions.Item label={t('compose.fields.priority')}>
              {payload.msgDisplayPrior}
            </Descriptions.Item>
          )}
        </Descriptions>
      </div>
      <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 0 }} data-testid="confirm-count">
        {t('compose.confirm.count', { count })}
      </Typography.Paragraph>
      <ForecastPanel appId={appId} payload={payload} />
    </Modal>
  );
}
