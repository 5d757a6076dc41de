import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardTabsFor } from '@beacon/shared';
import { useLoginStatus } from '../../auth';
import { useForbidCountries, useForbidTimes } from '../api/get-forbid';
import { ForbidCountriesTable } from './forbid-countries-table';
import { ForbidTimesTable } from './forbid-times-table';

/** The control view (config/forbid): the countries and time windows this app may not send to, read-only. */
export function ForbidView({ appId }: { appId: number }) {
  const { t, i18n } = useTranslation();
  const countries = useForbidCountries(appId, i18n.language);
  const times = useForbidTimes(appId, i18n.language);
  const session = useLoginStatus();
  const navigate = useNavigate();
  const canEdit = session.data !== undefined && dashboardTabsFor(session.data.ulevel).includes('platform');
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="start" gap={12}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('forbid.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('forbid.subtitle')}</Typography.Text>
        </div>
        {canEdit && (
          <Button
            icon={<EditOutlined />}
            onClick={() => void navigate(`/platformsettings?tab=finework&app=${appId}`)}
          >
            {t('forbid.editInFinework')}
          </Button>
        )}
      </Flex>
      <Alert type="info" showIcon title={t('forbid.readOnly')} />
      <Card
        title={t('forbid.countriesTitle')}
        extra={<Typography.Text type="secondary">{t('forbid.countriesHint')}</Typography.Text>}
      >
        <ForbidCountriesTable rows={countries.data ?? []} loading={countries.isLoading} />
      </Card>
      <Card
        title={t('forbid.timesTitle')}
        extra={<Typography.Text type="secondary">{t('forbid.timesHint')}</Typography.Text>}
      >
        <ForbidTimesTable rows={times.data ?? []} loading={times.isLoading} />
      </Card>
    </Flex>
  );
}
