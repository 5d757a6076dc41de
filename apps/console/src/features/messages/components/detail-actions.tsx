import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from '@beacon/shared';
import { useAppInfo } from '../../apps';
import { rowActions } from '../lib/row-actions';
import { useMessageNavigation } from './row-actions-menu';

/**
 * The detail dialog's Edit and Copy (part 2 §2 message detail): offered by the row rules of §4, as the row menu
 * offers them; a copy of a message linked to a material asks whether to keep the link.
 */
export function DetailActions({
  appId,
  row,
  projectLevel,
  composeScreen,
}: {
  appId: number;
  row: MessageRow;
  projectLevel: number;
  composeScreen: string;
}) {
  const { t } = useTranslation();
  const open = useMessageNavigation(appId, composeScreen);
  const dmpEnable = useAppInfo(appId).data?.commercialEnable ?? false;
  const offered = rowActions(row, projectLevel, Date.now(), dmpEnable);
  return (
    <>
      {offered.includes('edit') && (
        <Button icon={<EditOutlined />} onClick={() => open(row, 'edit')} data-testid="detail-edit">
          {t('messages.actions.edit')}
        </Button>
      )}
      {offered.includes('copy') && (
        <Button icon={<CopyOutlined />} onClick={() => open(row, 'copy')} data-testid="detail-copy">
          {t('messages.actions.copy')}
        </Button>
      )}
    </>
  );
}
