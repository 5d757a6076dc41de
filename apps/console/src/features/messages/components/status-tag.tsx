import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusLabelKey, statusTone, TONE_TAG_COLOR } from '../lib/message-status';

/** A message status in the spec's colours, named in the console language. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = statusLabelKey(status);
  const tone = statusTone(status);
  return (
    <Tag
      color={TONE_TAG_COLOR[tone]}
      data-testid="status-tag"
      data-status={status}
      data-tone={tone}
      style={{ marginInlineEnd: 0 }}
    >
      {key ? t(key) : t('messages.status.unknown', { code: status })}
    </Tag>
  );
}
