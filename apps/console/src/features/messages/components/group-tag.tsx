import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The tag of an app-group send's row: the message composed in this app, or its copy of one composed in another. */
export function GroupTag({ msgId, parentMsgId }: { msgId: number; parentMsgId: number | null }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      title={
        parentMsgId === null
          ? t('messages.tags.groupTitle')
          : t('messages.tags.groupChildTitle', { id: parentMsgId })
      }
    >
      <Tag color="cyan" style={{ marginInlineEnd: 0 }} data-testid={`group-${msgId}`}>
        {t('messages.tags.group')}
      </Tag>
    </Tooltip>
  );
}
