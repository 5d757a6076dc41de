import { CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AbArmRow, type AbSendToAllState } from '@beacon/shared';
import { formatCount, formatRate, StatusTag } from '../../messages';
import { countRates } from '../lib/ab-list';
import { ArmLabel } from './ab-arms-table';

interface AbArmCardProps {
  arm: AbArmRow;
  /** The "send to all" message sent from this arm, once there is one. */
  rest: AbArmRow | undefined;
  /** mayAbSendToAll: the button hidden, offered or done. */
  sendState: AbSendToAllState;
  /** Both arms have been sent (the server refuses send to all before). */
  ready: boolean;
  busy: boolean;
  onSend: () => void;
}

const withRate = (n: number, rate: number) => `${formatCount(n)} (${formatRate(rate)})`;

/** One arm in the A/B detail: its share, status and figures, its "send to all" button, and the rest it sent. */
export function AbArmCard({ arm, rest, sendState, ready, busy, onSend }: AbArmCardProps) {
  const { t } = useTranslation();
  const rates = countRates(arm);
  const tag = arm.groupTag;
  const action =
    sendState === 'done' ? (
      <Tag icon={<CheckCircleOutlined />} color="success" data-testid={`send-all-done-${tag}`}>
        {rest ? t('abTests.sendAll.sentThis') : t('abTests.sendAll.done')}
      </Tag>
    ) : sendState === 'send' ? (
      <Tooltip title={ready ? undefined : t('abTests.sendAll.notReady')}>
        <Button
          size="small"
          icon={<SendOutlined />}
          disabled={!ready}
          loading={busy}
          onClick={onSend}
          data-testid={`send-all-${tag}`}
        >
          {t('abTests.sendAll.button')}
        </Button>
      </Tooltip>
    ) : null;
  return (
    <Card size="small" data-testid={`ab-arm-${tag}`} title={<ArmLabel child={arm} />} extra={action}>
      {/* the share under the title, not in it: a card's title is cut to one line, and with three arms side by side
          and Send to all beside it, "10% of the audience" lost its end */}
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <StatusTag status={arm.status} />
        <Typography.Text type="secondary">
          {t('abTests.arm.shareOf', { percent: formatRate(arm.groupPercent) })}
        </Typography.Text>
      </Flex>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('messages.columns.push')}>
          {`${formatCount(arm.pushCount)} / ${formatCount(arm.targetCount)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('messages.columns.dispatched')}>
          {formatCount(arm.dispatchCount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('messages.columns.reached')}>
          {withRate(arm.arriveAll, rates.reachRate)}
        </Descriptions.Item>
        <Descriptions.Item label={t('messages.columns.shown')}>
          {withRate(arm.show, rates.showRate)}
        </Descriptions.Item>
        <Descriptions.Item label={t('messages.columns.clicked')}>
          {withRate(arm.click, rates.clickRate)}
        </Descriptions.Item>
      </Descriptions>
      {rest && (
        <Flex vertical gap={4} data-testid={`ab-rest-${tag}`} style={{ marginTop: 8 }}>
          <Flex gap={8} align="center" wrap>
            <ArmLabel child={rest} />
            <StatusTag status={rest.status} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('abTests.detail.rest', {
              push: formatCount(rest.pushCount),
              reached: formatCount(rest.arriveAll),
              clicked: formatCount(rest.click),
            })}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
