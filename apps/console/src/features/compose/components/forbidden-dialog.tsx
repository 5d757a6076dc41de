import { List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { type MessageSaved } from '@beacon/shared';

export type Forbidden = NonNullable<z.infer<typeof MessageSaved>['forbidden']>;

interface ForbiddenDialogProps {
  open: boolean;
  forbidden: Forbidden;
  /** 202: the send may continue (countryMsgforceCreate); 201: it may not. */
  canContinue: boolean;
  onContinue: () => void;
  onClose: () => void;
}

/** The forbidden-send dialog: countries and windows (all day, or intervals; an end before the start is next day). */
export function ForbiddenDialog({ open, forbidden, canContinue, onContinue, onClose }: ForbiddenDialogProps) {
  const { t } = useTranslation();
  const windowText = (w: { start: string; end: string }) => (w.end < w.start ? `${w.start} – ${w.end} ${t('compose.forbidden.nextDay')}` : `${w.start} – ${w.end}`);
  return (
    <Modal
      open={open}
      title={t('compose.forbidden.title')}
      onCancel={onClose}
      onOk={canContinue ? onContinue : onClose}
      okText={canContinue ? t('compose.forbidden.continue') : t('compose.actions.back')}
      cancelButtonProps={canContinue ? {} : { style: { display: 'none' } }}
      cancelText={t('compose.actions.back')}
    >
      <Typography.Paragraph>{canContinue ? t('compose.forbidden.intro') : t('compose.forbidden.cannotContinue')}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={forbidden}
        renderItem={(row) => (
          <List.Item>
            <List.Item.Meta
              title={`${row.countryName} (${row.countryCode})`}
              description={row.allDay ? t('compose.forbidden.allDay') : row.windows.map(windowText).join(', ')}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
