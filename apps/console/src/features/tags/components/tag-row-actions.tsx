import { DeleteOutlined, EditOutlined, MoreOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Tag } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { formatNumber } from '../../../lib/number-format';

interface TagRowActionsProps {
  tag: Tag;
  deleting: boolean;
  onEdit: (tag: Tag) => void;
  onImport: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

/**
 * A label's actions: Edit as a link (the one most used), importing GAIDs and deleting in the "⋯" menu beside it (three
 * links made the sticky column some 370 px wide in French, "Importer des GAID", over the columns beside it at 1440 px).
 * Delete asks first with the confirmation the Delete link had (DeleteLink's), at the menu's button. Its Cancel has
 * the focus, the safe answer for a keyboard, and the button takes the focus back when it closes.
 */
export function TagRowActions({ tag, deleting, onEdit, onImport, onDelete }: TagRowActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const more = useRef<HTMLButtonElement>(null);
  const close = () => {
    setConfirming(false);
    more.current?.focus();
  };
  return (
    <Space size={0}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(tag)}>
        {t('common.edit')}
      </Button>
      <Popconfirm
        open={confirming}
        // opened by the menu's Delete only (a click on the button opens the menu); a click beside it closes it
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        destroyOnHidden
        title={t('tags.deleteTitle')}
        description={t('tags.deleteConfirm', {
          name: tag.name,
          count: tag.deviceCount,
          formattedCount: formatNumber(tag.deviceCount, currentLanguage()),
        })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        cancelButtonProps={{ autoFocus: true }}
        onConfirm={() => {
          close();
          onDelete(tag);
        }}
        onCancel={close}
      >
        <Dropdown
          trigger={['click']}
          autoFocus
          menu={{
            items: [
              { key: 'import', icon: <UploadOutlined />, label: t('tags.import') },
              { key: 'delete', icon: <DeleteOutlined />, label: t('common.delete'), danger: true },
            ],
            onClick: ({ key, domEvent }) => {
              // picked with Enter: the key's press would otherwise click what takes the focus next (the import
              // dialog's ×, which closed it at once)
              domEvent.preventDefault();
              if (key === 'import') onImport(tag);
              else setConfirming(true);
            },
          }}
        >
          <Button
            ref={more}
            type="text"
            size="small"
            icon={<MoreOutlined />}
            loading={deleting}
            aria-label={t('tags.more', { name: tag.name })}
          />
        </Dropdown>
      </Popconfirm>
    </Space>
  );
}
