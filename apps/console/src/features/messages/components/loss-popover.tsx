import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Spin, Table, Typography } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LOSS_CODES, SHOW_LOSS_CODES } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { useDispatchLoss } from '../api/get-dispatch-loss';
import { useShowLoss } from '../api/get-show-loss';
import { codeName, formatCount, formatRate } from '../lib/format';
import type { HoverController } from '../lib/hover-controller';

export type LossKind = 'dispatch' | 'show';

interface LossPopoverProps {
  appId: number;
  msgId: number;
  kind: LossKind;
  controller: HoverController;
}

interface LossLine {
  code: number;
  count: number;
  rate: number;
  name: string | undefined;
}

function useOpen(controller: HoverController, id: string): boolean {
  return useSyncExternalStore(
    (cb) => controller.subscribe(cb),
    () => controller.current === id,
  );
}

/** Dispatched sends the device missed and missed-push recovery won back: beside the losses, never one of them. */
function RecoveredLine({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph
      type="secondary"
      style={{ fontSize: 12, margin: '6px 0 0', maxWidth: 360 }}
      data-testid="loss-recovered"
    >
      {t('messages.recovered.notALoss', { count, formattedCount: formatCount(count) })}
    </Typography.Paragraph>
  );
}

function LossTable({
  lines,
  loading,
  total,
  recovered = 0,
}: {
  lines: LossLine[] | undefined;
  loading: boolean;
  total?: number;
  recovered?: number;
}) {
  const { t } = useTranslation();
  if (loading || !lines) return <Spin size="small" style={{ display: 'block', margin: 16 }} />;
  if (lines.length === 0)
    return (
      <>
        <Typography.Text type="secondary">{t('messages.loss.none')}</Typography.Text>
        {recovered > 0 && <RecoveredLine count={recovered} />}
      </>
    );
  return (
    <>
      <Table<LossLine>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={lines}
        columns={[
          {
            key: 'code',
            title: t('messages.loss.code'),
            render: (_, l) => (
              <span data-testid={`loss-${l.code}`}>
                {l.name ?? t('messages.loss.other', { code: l.code })}
              </span>
            ),
          },
          {
            key: 'count',
            title: t('messages.loss.count'),
            align: 'right',
            render: (_, l) => formatCount(l.count),
          },
          {
            key: 'rate',
            title: t('messages.loss.rate'),
            align: 'right',
            render: (_, l) => formatRate(l.rate),
          },
        ]}
        style={{ width: 360 }}
      />
      {total !== undefined && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="loss-total">
          {t('messages.loss.total', { formattedCount: formatCount(total) })}
        </Typography.Text>
      )}
      {recovered > 0 && <RecoveredLine count={recovered} />}
    </>
  );
}

/**
 * A dispatch-loss or show-loss popover: opens on hover after 250 ms (at once on focus or click), closes on leave,
 * Escape or window blur, one open at a time (the shared controller), and reloads its rows on each opening.
 */
export function LossPopover({ appId, msgId, kind, controller }: LossPopoverProps) {
  const { t } = useTranslation();
  const id = `${kind}-${msgId}`;
  const open = useOpen(controller, id);
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (open) setOpened((n) => n + 1);
  }, [open]);
  const dispatch = useDispatchLoss(appId, msgId, open && kind === 'dispatch');
  const show = useShowLoss(appId, msgId, open && kind === 'show');
  const lang = currentLanguage();
  const lines: LossLine[] | undefined =
    kind === 'dispatch'
      ? dispatch.data?.messageDistributionLoseList.map((r) => ({
          code: r.type,
          count: r.count,
          rate: r.loseRate,
          name: codeName(LOSS_CODES, r.type, lang),
        }))
      : show.data?.damageShowCountList.map((r) => ({
          code: r.damageType,
          count: r.damageCount,
          rate: r.damageRate,
          name: codeName(SHOW_LOSS_CODES, r.damageType, lang),
        }));
  const loading = kind === 'dispatch' ? dispatch.isFetching : show.isFetching;

  return (
    <Popover
      open={open}
      title={t(`messages.loss.${kind}`)}
      content={
        <div
          onMouseEnter={() => controller.enter(id)}
          onMouseLeave={() => controller.leave(id)}
          data-testid={`loss-popover-${kind}`}
          data-opened={opened}
        >
          <LossTable
            lines={lines}
            loading={loading}
            total={kind === 'dispatch' ? dispatch.data?.total : undefined}
            recovered={kind === 'dispatch' ? dispatch.data?.recovered : undefined}
          />
        </div>
      }
    >
      <Button
        size="small"
        type="link"
        icon={<InfoCircleOutlined />}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid={`loss-trigger-${kind}`}
        onMouseEnter={() => controller.enter(id)}
        onMouseLeave={() => controller.leave(id)}
        onFocus={() => controller.openNow(id)}
        onBlur={() => controller.leave(id)}
        onClick={() => controller.openNow(id)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') controller.close();
        }}
      >
        {t(`messages.loss.${kind}`)}
      </Button>
    </Popover>
  );
}
