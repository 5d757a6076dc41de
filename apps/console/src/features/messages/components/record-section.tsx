import { Alert, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  isFileTargeting,
  MessageStatus,
  MessageType,
  ScheduleType,
  TargetingType,
  type MessageDetail,
} from '@beacon/shared';
import { PushPreview, type PushPreviewContent } from '../../../components/push-preview';
import { formatCount, offsetLabel, rowPushTime, zonedTime } from '../lib/format';
import { BestHourLift } from './best-hour-lift';
import { CrossRecord } from './cross-record';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The saved notification content as the preview card reads it. */
export function previewContentOf(data: Record<string, unknown>): PushPreviewContent {
  const buttons = (data.noti_btn_ex as { content?: Array<{ txt?: unknown }> } | undefined)?.content ?? [];
  return {
    design: data.noti_type === 3 ? 3 : 1,
    title: str(data.noti_title),
    desc: str(data.noti_desc),
    smallIcon: str(data.noti_small_icon) || undefined,
    color: str(data.noti_small_icon_color) || undefined,
    icon: str(data.noti_icon) || undefined,
    button: str(data.noti_btn) || undefined,
    exType: data.noti_ex_type === 2 ? 2 : data.noti_ex_type === 3 ? 3 : 1,
    exText: str(data.noti_txt_ex),
    exImage: str(data.noti_img_ex) || undefined,
    optionalIcon: str(data.noti_optional_icon) || undefined,
    buttons: buttons.map((b) => ({ txt: str(b.txt) })),
  };
}

function Targeting({ m }: { m: MessageDetail }) {
  const { t } = useTranslation();
  const type = t(`messages.detail.targetingTypes.${m.targetingType}`, {
    defaultValue: String(m.targetingType),
  });
  return (
    <div data-testid="record-targeting">
      <div>{type}</div>
      {m.targetingType === TargetingType.CONDITIONS &&
        m.conditions.map((c, i) => (
          <Tag key={i} style={{ marginTop: 4 }}>
            {c.label} {c.op ?? ''} {(c.values ?? []).slice(0, 20).join(', ')}
          </Tag>
        ))}
      {m.targetingType === TargetingType.DEVICES && (
        <Typography.Text type="secondary">
          {t('messages.detail.devices', { count: m.userIds.length })}
        </Typography.Text>
      )}
      {m.targetingType === TargetingType.USER_GROUP && m.groupId !== null && (
        <Typography.Text type="secondary">{t('messages.detail.group', { id: m.groupId })}</Typography.Text>
      )}
      {isFileTargeting(m.targetingType) && (
        <Typography.Text type="secondary">{m.fileLink || m.fileOrigin}</Typography.Text>
      )}
      <div>
        <Typography.Text type="secondary">
          {t('messages.detail.audience', {
            push: formatCount(m.pushCount),
            target: formatCount(m.targetCount),
          })}
        </Typography.Text>
      </div>
    </div>
  );
}

/** The message record: content preview (a cross message: its JSON and pull-up target), targeting, schedule (with its local-time waves) and delivery settings. */
export function RecordSection({ m, appName }: { m: MessageDetail; appName: string }) {
  const { t } = useTranslation();
  const langs = m.multiLangEnable ? m.multiLangContent.map((l) => l.lang).join(', ') : '';
  return (
    <section aria-label={t('messages.detail.record')} data-testid="record">
      {m.status === MessageStatus.REVIEW_REJECTED && m.rejectReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('messages.detail.rejected')}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{m.rejectReason}</span>}
          data-testid="reject-reason"
        />
      )}
      <Flex gap={24} align="start" wrap>
        {m.msgType === MessageType.PASS_THROUGH ? (
          <CrossRecord data={m.data} />
        ) : (
          <div style={{ flex: 'none' }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {t('messages.detail.content')}
            </Typography.Text>
            <PushPreview
              content={previewContentOf(m.data)}
              appName={appName}
              expanded
              labels={{ now: t('messages.detail.now'), titlePlaceholder: '', descPlaceholder: '' }}
            />
          </div>
        )}
        <Descriptions size="small" column={1} style={{ flex: 1, minWidth: 320 }} labelStyle={{ width: 140 }}>
          <Descriptions.Item label={t('messages.detail.targeting')}>
            <Targeting m={m} />
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.schedule')}>
            {t(`messages.detail.scheduleTypes.${m.scheduleType}`, { defaultValue: String(m.scheduleType) })}
            {m.scheduleType !== ScheduleType.NOW &&
              m.scheduleType !== ScheduleType.BEST_HOUR &&
              ` · ${rowPushTime(m, m.scheduleUTC)}${m.scheduleType === ScheduleType.AT_TIME ? ` (UTC${m.scheduleUTC})` : ''}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.created')}>
            {zonedTime(m.createTime, '+0000')} UTC
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.ttl')}>
            {t('messages.detail.hours', { count: m.timeToLive / 3600 })}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.speed')}>
            {m.speedLimit > 0
              ? t('messages.detail.perSecond', { count: m.speedLimit })
              : t('messages.detail.noLimit')}
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.detail.kind')}>
            {t(`messages.detail.kinds.${m.msgRestrictType}`, { defaultValue: String(m.msgRestrictType) })}
          </Descriptions.Item>
          {langs && <Descriptions.Item label={t('messages.detail.languages')}>{langs}</Descriptions.Item>}
        </Descriptions>
      </Flex>
      {m.scheduleType === ScheduleType.BEST_HOUR && <BestHourLift m={m} />}
      {m.scheduleType === ScheduleType.LOCAL_TIME && m.waves.length > 0 && (
        <Table
          size="small"
          rowKey={(w) => `${w.utcOffsetMin ?? 'x'}-${w.runAt}`}
          data-testid="waves"
          title={() => t('messages.detail.waves')}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={m.waves}
          style={{ marginTop: 12 }}
          columns={[
            {
              key: 'offset',
              title: t('messages.detail.wave.offset'),
              render: (_, w) => offsetLabel(w.utcOffsetMin),
            },
            {
              key: 'runAt',
              title: t('messages.detail.wave.runAt'),
              render: (_, w) => `${zonedTime(w.runAt, '+0000')} UTC`,
            },
            {
              key: 'status',
              title: t('messages.detail.wave.status'),
              render: (_, w) =>
                t(`messages.detail.waveStatus.${w.status}`, { defaultValue: String(w.status) }),
            },
            {
              key: 'selected',
              title: t('messages.detail.wave.selected'),
              align: 'right',
              render: (_, w) => formatCount(w.selected),
            },
          ]}
        />
      )}
    </section>
  );
}
