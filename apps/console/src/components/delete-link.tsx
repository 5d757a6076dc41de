import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteLinkProps {
  /** The confirmation's title and text (the row named in it). */
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => void;
  loading?: boolean;
}

/** A table row's Delete link: it asks first (a danger Delete and Cancel), then calls `onConfirm`. */
export function DeleteLink({ title, description, onConfirm, loading }: DeleteLinkProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} loading={loading}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
