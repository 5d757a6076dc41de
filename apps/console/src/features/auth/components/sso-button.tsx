import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { navigateExternal } from '../../../lib/navigation';
import { safeStorage } from '../../../lib/storage';
import { useSsoUrl } from '../api/get-sso-url';
import { ssoOrigin, storeSsoReturn } from '../lib/sso-return';

/** Leaves for the identity provider, remembering where to come back to. */
export function SsoButton() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const ssoUrl = useSsoUrl({
    mutationConfig: {
      onSuccess: ({ url }) => {
        storeSsoReturn(safeStorage, ssoOrigin(search, document.referrer, window.location.origin), Date.now());
        navigateExternal(url);
      },
    },
  });
  return (
    <Button
      block
      size="large"
      icon={<SafetyCertificateOutlined />}
      loading={ssoUrl.isPending || ssoUrl.isSuccess}
      onClick={() => ssoUrl.mutate()}
    >
      {t('auth.login.sso')}
    </Button>
  );
}
