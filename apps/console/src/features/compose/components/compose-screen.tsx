import { Alert, Button, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MaterialStatus, MaterialType, TargetingType } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { useIcon } from '../../icon';
import { useMaterialDetail } from '../api/get-material-detail';
import { useMessageDetail } from '../../../message-editor/api/get-message-detail';
import {
  composeFromDetail,
  composeFromMaterial,
  emptyCompose,
} from '../../../message-editor/lib/compose-values';
import { emptyCross } from '../../../message-editor/lib/cross-values';
import { COMPOSE_SCREENS, kindOfMessage, type MessageKind } from '../../../message-editor/lib/message-kind';
import { ComposeForm } from './compose-form';
import { MaterialCard } from '../../../message-editor/components/material-card';
import { appPath } from '../../../lib/paths';

export interface ComposeScreenProps {
  appId: number;
  /** The message to edit or copy (`id` query). */
  id?: number | undefined;
  act?: 'edit' | 'copy' | undefined;
  materialId?: number | undefined;
  from?: string | undefined;
  /** What the screen composes: editpush a notification, editcross a cross message, editpullup a pull-up. */
  kind?: MessageKind;
}

/** The title keys of each kind (`compose.titleNew`, `compose.cross.titleNew`, …). */
const TEXTS: Record<MessageKind, string> = {
  notification: 'compose',
  cross: 'compose.cross',
  pullup: 'compose.pullup',
};

/**
 * /app/{appId}/message/editpush, editcross and editpullup: compose a message of the screen's kind, or edit / copy one
 * (act=edit|copy&id=); a loaded message of another kind opens on its own screen. With `materialId` the message is
 * linked to that material: a new message takes its content (a material of the other kind opens the other screen)
 * and the screen shows its national attributes; a material that is not passed, or gone, is said and not linked.
 */
export function ComposeScreen({
  appId,
  id,
  act,
  materialId,
  from,
  kind = 'notification',
}: ComposeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const info = useAppInfo(appId);
  const loadsDetail = id !== undefined && (act === 'edit' || act === 'copy');
  const detail = useMessageDetail(appId, loadsDetail ? id : undefined);
  const material = useMaterialDetail(appId, materialId);
  const waitsMaterial = materialId !== undefined && material.isPending;
  const linked = material.data?.status === MaterialStatus.PASSED ? material.data : undefined;
  const fromMaterial = linked && !loadsDetail ? linked : undefined;
  const materialKind: MessageKind | undefined = fromMaterial
    ? fromMaterial.materialType === MaterialType.CROSS
      ? 'cross'
      : 'notification'
    : undefined;
  const icon = useIcon(appId);
  const app = info.data;
  const defaultIcon = useMemo(
    () => ({ icon: icon.data?.icon ?? '', color: icon.data?.color ?? '' }),
    [icon.data],
  );
  const ready = app && (!loadsDetail || detail.data) && !icon.isLoading && !waitsMaterial;
  const loadedKind = loadsDetail && detail.data ? kindOfMessage(detail.data) : (materialKind ?? kind);

  const initial = useMemo(() => {
    if (!app || !ready) return undefined;
    if (loadsDetail && detail.data) return composeFromDetail(detail.data, act ?? 'edit', app.serverUTC);
    const fresh = emptyCompose(app.serverUTC, app.projectLevel === 500 ? TargetingType.DEVICES : undefined);
    const content = fromMaterial ? composeFromMaterial(fromMaterial) : {};
    if (kind !== 'notification') return { ...fresh, ...emptyCross(kind, app.pkg), ...content };
    return {
      ...fresh,
      smallIcon: defaultIcon.icon,
      smallIconColor: defaultIcon.icon ? defaultIcon.color : '',
      ...content,
    };
  }, [app, ready, loadsDetail, detail.data, act, defaultIcon, kind, fromMaterial]);

  if (detail.isError) {
    return (
      <Result
        status="warning"
        title={t('compose.loadFailed')}
        extra={<Button onClick={() => void navigate(-1)}>{t('compose.actions.back')}</Button>}
      />
    );
  }
  if (loadedKind !== kind)
    return (
      <Navigate to={appPath(appId, `message/${COMPOSE_SCREENS[loadedKind]}`, location.search)} replace />
    );
  if (!app || !initial) return <PageSpin />;
  if (app.destroy === 2) return <Alert type="info" showIcon message={t('compose.destroyed')} />;

  const editing = act === 'edit' ? id : undefined;
  const texts = TEXTS[kind];
  const refused = materialId !== undefined && !linked;
  return (
    <div style={{ maxWidth: 1240 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {editing
          ? t(`${texts}.titleEdit`)
          : act === 'copy'
            ? t(`${texts}.titleCopy`)
            : t(`${texts}.titleNew`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(`${texts}.subtitle`, { app: app.title })}
      </Typography.Paragraph>
      {refused && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="material-refused"
          message={t(material.data ? 'compose.material.unusable' : 'compose.material.missing', {
            id: materialId,
          })}
        />
      )}
      <ComposeForm
        key={`${kind}-${id ?? 'new'}-${act ?? ''}-${linked?.materialId ?? ''}`}
        app={app}
        initial={initial}
        defaultIcon={defaultIcon}
        id={editing}
        materialId={linked?.materialId}
        materialCard={linked && <MaterialCard material={linked} />}
        toReview={from === 'review'}
        kind={kind}
      />
    </div>
  );
}
