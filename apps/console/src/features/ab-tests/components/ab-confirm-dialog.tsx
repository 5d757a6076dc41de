import { Descriptions, Flex, Modal, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TFunction } from 'i18next';
import { ScheduleType, type AbTestSaveInput } from '@beacon/shared';
import { AB_BANDIT } from '@beacon/shared';
import { ConfirmPreview, ConfirmSummary } from '../../../components/confirm-summary';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../../i18n/language';
import { formatNumber } from '../../../lib/number-format';
import {
  confirmLabel,
  ConfirmGroupApps,
  CrossSummary,
  slowPushDuration,
  type EstimateState,
} from '../../../message-editor';
import { formatRate } from '../../messages';
import { winnerSettings } from '../lib/build-ab-payload';
import { ARM_TAGS, armDevices, type AbSharedValues, type ArmValues } from '../lib/ab-values';
import { type SubConfigKey } from '../lib/sub-config';
import { armColor } from './arm-column';

/** The dialog's width (part 2 §9). */
const WIDTH = 792;

type Arms = AbTestSaveInput['childMsgs'];

/**
 * The sub-config rows, as the arms' data carries it (the channel and group the same in both arms; the layout number
 * with the arms it is written to); none when the arms carry none.
 */
function subConfigItems(arms: Arms, t: TFunction): NonNullable<DescriptionsProps['items']> {
  const label = {
    noti_layout_id: 'layoutId',
    noti_channel_id: 'channelId',
    noti_channel_name: 'channelName',
    noti_group_id: 'groupId',
    noti_group_max: 'groupMax',
  } satisfies Record<SubConfigKey, string>;
  return (Object.keys(label) as Array<keyof typeof label>).flatMap((key) => {
    const holders = arms.flatMap((arm, i) => {
      const v = arm.data[key];
      return typeof v === 'string' || typeof v === 'number' ? [{ tag: ARM_TAGS[i] ?? 'A', value: v }] : [];
    });
    const first = holders[0];
    if (!first) return [];
    const value = String(first.value);
    return [
      {
        key,
        label: t(`abTests.subConfig.fields.${label[key]}`),
        children:
          key === 'noti_layout_id'
            ? t('abTests.confirm.layout', {
                id: value,
                arms: holders.map((h) => t('abTests.arm.name', { tag: h.tag })).join(', '),
              })
            : value,
      },
    ];
  });
}

/** How the test picks its winner, in one sentence. */
function winnerLine(
  t: TFunction,
  w: { auto: boolean; afterHours: number; early: boolean; bandit: boolean },
): string {
  const winner = !w.auto
    ? t('abTests.confirm.winnerManual')
    : w.bandit
      ? t('abTests.confirm.winnerAutoBandit')
      : t(w.early ? 'abTests.confirm.winnerAutoEarly' : 'abTests.confirm.winnerAuto', {
          hours: w.afterHours,
        });
  return w.bandit
    ? `${winner} ${t('abTests.confirm.bandit', { rounds: AB_BANDIT.rounds, hours: w.afterHours })}`
    : winner;
}

interface AbConfirmDialogProps {
  open: boolean;
  payload: AbTestSaveInput;
  values: { shared: AbSharedValues; arms: readonly ArmValues[] };
  appId: number;
  appName: string;
  estimate: EstimateState;
  saving: boolean;
  editing: boolean;
  /** The message will wait for review (waitsForReview): the button says so instead of Send. */
  toReview?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The preview before an A/B test is sent (part 2 §2): its variants two by two, each at its share with the devices it
 * is expected to reach (the audience estimate × its share), its content and schedule; then the test's description,
 * kind, targeting, time to live and speed, how the winner is picked and the devices in all.
 */
export function AbConfirmDialog({
  open,
  payload,
  values,
  appId,
  appName,
  estimate,
  saving,
  editing,
  toReview = false,
  onConfirm,
  onCancel,
}: AbConfirmDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const audience = estimate.idle || estimate.failed ? undefined : estimate.value;
  const count = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n, lang));
  const arms = payload.childMsgs;
  const total = arms.reduce<number | undefined>((sum, arm) => {
    const n = armDevices(audience, arm.groupPercent);
    return sum === undefined || n === undefined ? undefined : sum + n;
  }, 0);
  const totalPercent = arms.reduce((sum, arm) => sum + arm.groupPercent, 0);
  const subConfig = subConfigItems(arms, t);
  const scheduleOf = (arm: (typeof arms)[number]) =>
    arm.scheduleType === ScheduleType.NOW
      ? t('compose.schedule.now')
      : arm.scheduleType === ScheduleType.AT_TIME
        ? `${arm.scheduleDate ?? ''} (UTC${arm.scheduleUTC ?? ''})`
        : `${arm.scheduleDate ?? ''} ${t('compose.schedule.localSuffix')}`;

  return (
    <Modal
      open={open}
      width={WIDTH}
      title={t('abTests.confirm.title')}
      okText={confirmLabel(t, { editing, toReview })}
      cancelText={t('compose.actions.back')}
      confirmLoading={saving}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 16 }}>
        {arms.map((arm, i) => {
          const tag = ARM_TAGS[i] ?? 'A';
          const v = values.arms[i];
          return (
            <Flex key={tag} vertical gap={8} data-testid={`confirm-arm-${tag}`}>
              <Flex gap={8} align="center" wrap>
                <Tag color={armColor(tag)}>{t('abTests.arm.name', { tag })}</Tag>
                <Typography.Text strong data-testid={`confirm-share-${tag}`}>
                  {t('abTests.confirm.arm', {
                    percent: formatRate(arm.groupPercent),
                    devices: count(armDevices(audience, arm.groupPercent)),
                  })}
                </Typography.Text>
              </Flex>
              {values.shared.abMsgType === 1 && v ? (
                <ConfirmPreview appName={appName} values={v} />
              ) : (
                <CrossSummary data={arm.data} />
              )}
              <Typography.Text type="secondary">
                {t('compose.fields.scheduleType')}: {scheduleOf(arm)}
              </Typography.Text>
              {arm.multiLangEnable && (
                <Typography.Text type="secondary">
                  {t('compose.fields.languages')}: {arm.multiLangContent?.map((e) => e.lang).join(', ')}
                </Typography.Text>
              )}
            </Flex>
          );
        })}
      </div>
      <ConfirmSummary
        payload={payload}
        descriptionLabel={t('compose.cross.fields.description')}
        targeting={t(`compose.targeting.type${payload.targetingType}`)}
        durationAt={(rate) => slowPushDuration(armDevices(audience, arms[0]?.groupPercent ?? 0) ?? 0, rate)}
        style={{ marginTop: 16 }}
      />
      {subConfig.length > 0 && (
        <div data-testid="confirm-sub-config" style={{ marginTop: 16 }}>
          <Descriptions size="small" column={1} title={t('abTests.subConfig.title')} items={subConfig} />
        </div>
      )}
      <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 0 }} data-testid="confirm-count">
        {t('abTests.confirm.total', {
          devices: count(total),
          percent: formatRate(Math.round(totalPercent * 100) / 100),
          audience: count(audience),
        })}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="confirm-winner">
        {winnerLine(t, winnerSettings(values.shared))}
      </Typography.Paragraph>
      <ConfirmGroupApps appId={appId} values={values.shared} />
    </Modal>
  );
}
