import { Alert, Button, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TargetingType } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { useIcon } from '../../icon';
import { useMessageDetail } from '../api/get-message-detail';
import { composeFromDetail, emptyCompose } from '../lib/compose-values';
import { ComposeForm } from './compose-form';

export interface ComposeScreenProps {
  appId: number;
  /** The message to edit or copy (`id` query). */
  id?: number | undefined;
  act?: 'edit' | 'copy' | undefined;
  materialId?: number | undefined;
  from?: string | undefined;
}

/** /app/{appId}/message/editpush: compose a notification, or edit / copy one (act=edit|copy&id=). */
export function ComposeScreen({ appId, id, act, materialId, from }: ComposeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppInfo(appId);
  const loadsDetail = id !== undefined && (act === 'edit' || act === 'copy');
  const detail = useMessageDetail(appId, loadsDetail ? id : undefined);
  const icon = useIcon(appId);
  const app = info.data;
  const defaultIcon = useMemo(
    () => ({ icon: icon.data?.icon ?? '', color: icon.data?.color ?? '' }),
    [icon.data],
  );
  const ready = app && (!loadsDetail || detail.data) && !icon.isLoading;

  const initial = useMemo(() => {
    if (!app || !ready) return undefined;
    if (loadsDetail && detail.data) return composeFromDetail(detail.data, act ?? 'edit', app.serverUTC);
    const fresh = emptyCompose(app.serverUTC, app.projectLevel === 500 ? TargetingType.DEVICES : undefined);
    return {
      ...fresh,
      smallIcon: defaultIcon.icon,
      smallIconColor: defaultIcon.icon ? defaultIcon.color : '',
    };
  }, [app, ready, loadsDetail, detail.data, act, defaultIcon]);

  if (detail.isError) {
    return (
      <Result
        status="warning"
        title={t('compose.loadFailed')}
        extra={<Button onClick={() => void navigate(-1)}>{t('compose.actions.back')}</Button>}
      />
    );
  }
  if (!app || !initial) return <PageSpin />;
  if (app.destroy === 2) return <Alert type="info" showIcon message={t('compose.destroyed')} />;

  const editing = act === 'edit' ? id : undefined;
  return (
    <div style={{ maxWidth: 1240 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {editing ? t('compose.titleEdit') : act === 'copy' ? t('compose.titleCopy') : t('compose.titleNew')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('compose.subtitle', { app: app.title })}
      </Typography.Paragraph>
      <ComposeForm
        key={`${id ?? 'new'}-${act ?? ''}`}
        app={app}
        initial={initial}
        defaultIcon={defaultIcon}
        id={editing}
        materialId={materialId}
        toReview={from === 'review'}
      />
    </div>
  );
}
