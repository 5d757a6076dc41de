import { App, Button, Descriptions, Divider, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AB_BANDIT,
  MESSAGE_ACTING_LEVELS,
  MessageStatus as S,
  mayAbSendToAll,
  type AbArmRow,
  type AbTestRow,
} from '@beacon/shared';
import { formatDateTime } from '../../../lib/date-format';
import { reportError } from '../../../lib/error-reporter';
import { useAppInfo } from '../../apps';
import { formatRate, StatusTag, zonedTime } from '../../messages';
import { useAbTest } from '../api/get-ab-test';
import { useSendAbToAll } from '../api/send-ab-to-all';
import { armsOf, restSource, sendToAllArms, winnerArm } from '../lib/ab-list';
import { AbArmCard } from './ab-arm-card';
import { AbSignificanceSection } from './ab-significance';
import { ArmLabel } from './ab-arms-table';

/** The dialog's width (part 2 §9). */
const WIDTH = 792;
/** An arm counts as sent once sending or sent: the server sends to all only then. */
const STARTED: readonly number[] = [S.SENT, S.SENT_ALT, S.SENDING];
/** Review and audit statuses: no send to all there. */
const IN_REVIEW: readonly number[] = [S.PENDING_REVIEW, S.REVIEW_REJECTED, S.AWAITING_AUDIT];

/**
 * How the test picks its winner and, once decided, which variant went to the rest, why and when (dates in the
 * reader's zone, as the console writes every instant).
 */
export function AbWinnerStatus({ test }: { test: AbTestRow }) {
  const { t } = useTranslation();
  const w = test.winner;
  const arm = winnerArm(test);
  const mode = w.auto
    ? w.bandit
      ? t('abTests.winner.statusAutoBandit')
      : t(w.early ? 'abTests.winner.statusAutoEarly' : 'abTests.winner.statusAuto', { hours: w.afterHours })
    : t('abTests.winner.statusManual');
  return (
    <Descriptions size="small" column={1} style={{ marginTop: 12 }} data-testid="ab-winner-status">
      <Descriptions.Item label={t('abTests.winner.title')}>
        <span data-testid="ab-winner-mode">{mode}</span>
      </Descriptions.Item>
      {w.bandit && (
        <Descriptions.Item label={t('abTests.winner.banditTitle')}>
          <span data-testid="ab-winner-rounds">
            {t('abTests.winner.banditRounds', { rounds: w.rounds, of: AB_BANDIT.rounds })}
          </span>
        </Descriptions.Item>
      )}
      {w.auto && !arm && (
        <Descriptions.Item label={t('abTests.winner.deadline')}>
          <span data-testid="ab-winner-deadline">
            {w.decidesAt ? formatDateTime(w.decidesAt) : t('abTests.winner.deadlinePending')}
          </span>
        </Descriptions.Item>
      )}
      {arm && (
        <Descriptions.Item label={t('abTests.winner.decided')}>
          <span data-testid="ab-winner-decided">
            <ArmLabel child={arm} /> {t(`abTests.winner.reasons.${w.reason ?? 'manual'}`)}
            {w.decidedAt ? ` · ${formatDateTime(w.decidedAt)}` : ''}
          </span>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

interface AbDetailDialogProps {
  appId: number;
  row: AbTestRow | undefined;
  onClose: () => void;
}

function AbDetailBody({ appId, row }: { appId: number; row: AbTestRow }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const detail = useAbTest(appId, row.msgId, { live: true });
  const info = useAppInfo(appId);
  const [sent, setSent] = useState(false);
  const send = useSendAbToAll({
    mutationConfig: {
      onSuccess: () => {
        setSent(true);
        void message.success(t('abTests.sendAll.sent'));
      },
      onError: (error: Error) => void reportError(error),
    },
  });
  const test = detail.data ?? row;
  const arms = armsOf(test);
  const canAct = MESSAGE_ACTING_LEVELS.includes(info.data?.projectLevel ?? 0);
  const sendState = mayAbSendToAll(
    { abAllSent: test.abAllSent || sent, children: sendToAllArms(test) },
    { static: !canAct, review: IN_REVIEW.includes(test.status) },
  );
  const ready = arms.every((a) => STARTED.includes(a.status));
  const rests = test.childMsgs.filter((c) => c.rest);

  const confirmSend = (arm: AbArmRow) => {
    const name = t('abTests.arm.name', { tag: arm.groupTag });
    void modal.confirm({
      title: t('abTests.sendAll.title', { name }),
      content: t('abTests.sendAll.confirm', { name }),
      okText: t('abTests.sendAll.ok'),
      cancelText: t('messages.confirm.back'),
      okButtonProps: { ...{ 'data-testid': 'send-all-ok' } },
      onOk: () =>
        send.mutateAsync({ appId, msgId: test.msgId, groupMsgId: arm.msgId }).catch(() => undefined),
    });
  };

  return (
    <div data-testid="ab-detail-body">
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('abTests.detail.creator')}>{test.ownerEmail}</Descriptions.Item>
        <Descriptions.Item label={t('abTests.detail.created')}>
          {`${zonedTime(test.createTime, '+0000')} UTC`}
        </Descriptions.Item>
        <Descriptions.Item label={t('compose.fields.targetingType')}>
          {t(`compose.targeting.type${test.targetingType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('abTests.detail.share')}>
          {formatRate(arms.reduce((n, a) => n + a.groupPercent, 0))}
        </Descriptions.Item>
      </Descriptions>
      {arms.length === 0 ? (
        <Skeleton active />
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns:
              arms.length > 2 ? 'repeat(auto-fill, minmax(230px, 1fr))' : 'repeat(2, minmax(0, 1fr))',
            gap: 16,
          }}
        >
          {arms.map((arm) => (
            <AbArmCard
              key={arm.msgId}
              arm={arm}
              rest={rests.find((r) => restSource(r) === arm.groupTag)}
              sendState={sendState}
              ready={ready}
              busy={send.isPending}
              onSend={() => confirmSend(arm)}
            />
          ))}
        </div>
      )}
      {sendState === 'send' && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
          {t(
            !ready
              ? 'abTests.sendAll.notReady'
              : test.winner.auto
                ? 'abTests.sendAll.hintAuto'
                : 'abTests.sendAll.hint',
          )}
        </Typography.Paragraph>
      )}
      <AbWinnerStatus test={test} />
      <Divider />
      <AbSignificanceSection significance={detail.isError ? null : detail.data?.significance} />
    </div>
  );
}

/**
 * The A/B detail: the test, each arm's figures with its "send to all" button (asked first; done once sent; offered
 * with an automatic winner too until one is decided: the server takes the first), how the winner is picked or was,
 * and the significance of the best variant; refetched while an arm sends so the counters fill in.
 */
export function AbDetailDialog({ appId, row, onClose }: AbDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={row !== undefined}
      width={WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('messages.detail.close')}</Button>}
      title={
        row && (
          <Flex gap={8} align="center" wrap>
            <span>{row.title}</span>
            <StatusTag status={row.status} />
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
              {t('abTests.detail.title', { id: row.msgId })}
            </Typography.Text>
          </Flex>
        )
      }
      data-testid="ab-detail"
    >
      {row && <AbDetailBody key={row.msgId} appId={appId} row={row} />}
    </Modal>
  );
}
