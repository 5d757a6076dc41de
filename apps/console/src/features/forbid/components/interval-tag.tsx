import { CloseOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { endsNextDay, type ForbidInterval } from '@beacon/shared';

interface IntervalTagProps {
  interval: ForbidInterval;
  /** When given, the tag has a remove button that asks for confirmation first. */
  onRemove?: () => void;
}

/** A banned window `22:00 → 06:00 (next day)`: a window whose end is earlier than its start says so, in orange. */
export function IntervalTag({ interval, onRemove }: IntervalTagProps) {
  const { t } = useTranslation();
  const overnight = endsNextDay(interval);
  const text = overnight ? t('forbid.windowNextDay', interval) : t('forbid.window', interval);
  const tag = (
    <Tag
      color={overnight ? 'orange' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', marginInlineEnd: 0 }}
      data-testid="interval"
    >
      {text}
      {onRemove && (
        <Popconfirm
          title={t('finework.times.removeOne', { window: text })}
          okText={t('finework.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={onRemove}
        >
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('finework.times.removeOneLabel', { window: text })}
            style={{ marginInlineStart: 4, height: 18, width: 18, minWidth: 18 }}
          />
        </Popconfirm>
      )}
    </Tag>
  );
  return overnight ? <Tooltip title={t('forbid.nextDayHint', interval)}>{tag}</Tooltip> : tag;
}
