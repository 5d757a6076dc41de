import { Card, Flex, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SensitiveWordsPanel } from './sensitive-words-panel';

interface AppOption {
  appId: number;
  title: string;
  pkg: string;
}

/** The platform list, or the list of an app picked from `apps` (platform admins manage both). */
export function SensitiveWordsCard({ apps }: { apps: AppOption[] }) {
  const { t } = useTranslation();
  const [list, setList] = useState<'platform' | 'app'>('platform');
  const [appId, setAppId] = useState<number | undefined>(undefined);
  return (
    <Card title={t('sensitiveWords.title')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('sensitiveWords.hint')}</Typography.Paragraph>
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Segmented<'platform' | 'app'>
          value={list}
          onChange={setList}
          options={[
            { value: 'platform', label: t('sensitiveWords.platformList') },
            { value: 'app', label: t('sensitiveWords.appList') },
          ]}
        />
        {list === 'app' && (
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('sensitiveWords.pickApp')}
            aria-label={t('sensitiveWords.pickApp')}
            value={appId}
            onChange={setAppId}
            style={{ width: 280 }}
            options={apps.map((a) => ({ value: a.appId, label: `${a.title} (${a.pkg})` }))}
          />
        )}
      </Flex>
      {list === 'platform' ? (
        <SensitiveWordsPanel />
      ) : appId !== undefined ? (
        <SensitiveWordsPanel key={appId} appId={appId} />
      ) : (
        <Typography.Text type="secondary">{t('sensitiveWords.pickAppHint')}</Typography.Text>
      )}
    </Card>
  );
}
