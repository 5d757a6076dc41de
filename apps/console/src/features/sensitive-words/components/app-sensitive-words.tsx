import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SENSITIVE_APP_EDIT_LEVELS } from '@beacon/shared';
import { SensitiveWordsPanel } from './sensitive-words-panel';

/**
 * The app's own sensitive words (config/sensitive): owners and managers edit them (add, import, remove), operators
 * read them; content of this app containing one is refused (60001) or, for those who may, confirmed (60003).
 */
export function AppSensitiveWords({ appId, projectLevel }: { appId: number; projectLevel: number }) {
  const { t } = useTranslation();
  const canEdit = SENSITIVE_APP_EDIT_LEVELS.includes(projectLevel);
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('sensitiveWords.appScreen.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('sensitiveWords.appScreen.subtitle')}</Typography.Text>
      </div>
      <Alert type="info" showIcon title={t('sensitiveWords.appScreen.rules')} />
      <Card variant="borderless">
        <SensitiveWordsPanel appId={appId} canEdit={canEdit} />
      </Card>
    </Flex>
  );
}
