import { RocketOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The placeholder of a screen that arrives in a later release. */
export function ComingSoon({ title, extra }: { title: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid="coming-soon">
      <Result
        icon={<RocketOutlined style={{ color: '#4c6ef5' }} />}
        title={title}
        subTitle={t('common.comingSoon')}
        extra={extra}
      />
    </Card>
  );
}
