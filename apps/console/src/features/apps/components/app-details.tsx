import { Alert, Card, Col, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttributesCard } from '../../user-attributes';
import { useAppDetail } from '../api/get-app-detail';
import { ApiKeysCard } from './details/api-keys-card';
import { EventStreamsCard } from './details/event-streams-card';
import { CredentialsCard } from './details/credentials-card';
import { DeleteAppCard } from './details/delete-app-card';
import { DetailsForm } from './details/details-form';
import { LimitsCard } from './details/limits-card';
import { PushRecoveryCard } from './details/push-recovery-card';
import { ControlGroupCard } from './details/control-group-card';
import { TokenHygieneCard } from './details/token-hygiene-card';
import { CustomEventsCard } from './details/custom-events-card';
import { WindowCapsCard } from './details/window-caps-card';
import { ReportTimeCard } from './details/report-time-card';
import { ServiceAccountCard } from './details/service-account-card';

/** config/project: the app's details, settings, credentials and service account; a destroyed app shows a card. */
export function AppDetails({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const { data: app, isLoading, error } = useAppDetail(appId);
  if (isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (error || !app) return <Alert type="error" showIcon title={t('apps.details.loadFailed')} />;
  if (app.destroy === 2) {
    return (
      <Card data-testid="app-destroyed">
        <Result
          status="info"
          title={t('apps.details.destroyedTitle')}
          subTitle={t('apps.details.destroyedText', { pkg: app.pkg })}
        />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16} data-testid="app-details">
      <div>
        <Typography.Title level={3} style={{ marginBottom: 0 }}>
          {t('apps.details.heading')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('apps.details.owner', { email: app.ownerEmail || '-' })}
        </Typography.Text>
      </div>
      <DetailsForm app={app} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ReportTimeCard app={app} />
        </Col>
        <Col xs={24} lg={12}>
          <LimitsCard app={app} />
        </Col>
        <Col xs={24} lg={12}>
          <CredentialsCard app={app} />
        </Col>
        <Col xs={24} lg={12}>
          <ServiceAccountCard app={app} />
        </Col>
      </Row>
      <ApiKeysCard app={app} />
      <EventStreamsCard app={app} />
      <WindowCapsCard appId={app.appId} />
      <PushRecoveryCard appId={app.appId} />
      <ControlGroupCard appId={app.appId} />
      <TokenHygieneCard appId={app.appId} />
      <CustomEventsCard appId={app.appId} />
      <AttributesCard appId={app.appId} />
      <DeleteAppCard app={app} />
    </Flex>
  );
}
