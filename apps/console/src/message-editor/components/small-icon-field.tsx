import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporter';
import { checkSmallIcon } from '../api/check-small-icon';
import { ImageField } from './image-field';

interface SmallIconFieldProps {
  appId: number;
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
  color: string;
}

/**
 * The system design's small icon: PNG 60×60 ≤ 10 KB, then the server's checkIconColorTransparent; an icon that is not
 * one solid colour on transparency is refused with an alert naming the file, and the field is cleared.
 */
export function SmallIconField({ appId, value, onChange, id, color }: SmallIconFieldProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const verify = async (url: string, fileName: string) => {
    try {
      const { result } = await checkSmallIcon({ appId, smallIconUrl: url });
      if (result === 1) return true;
      modal.error({
        title: t('compose.smallIcon.notSolidTitle'),
        content: t('compose.smallIcon.notSolid', { name: fileName }),
      });
    } catch (error) {
      reportError(error);
    }
    onChange?.('');
    return false;
  };
  return (
    <ImageField
      appId={appId}
      kind="smallIcon"
      value={value ?? ''}
      onChange={onChange}
      afterUpload={verify}
      id={id}
      tint={color || '#5F6368'}
    />
  );
}
