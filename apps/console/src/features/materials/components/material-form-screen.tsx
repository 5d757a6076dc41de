import { Button, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MATERIAL_TYPES,
  type AppInfo,
  type MaterialTypeValue,
  contentCreatorOf,
  ContentCreator,
} from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useMessageDetail } from '../../../message-editor';
import { useIcon } from '../../icon';
import { useMaterial } from '../api/get-material';
import { emptyMaterial, materialFromDetail, materialFromMessage } from '../lib/material-values';
import { MaterialForm } from './material-form';

const typeOf = (raw: string | null): MaterialTypeValue =>
  MATERIAL_TYPES.find((type) => String(type) === raw) ?? MATERIAL_TYPES[0];

/**
 * material/create (spec §2 Material): a new material (of `materialType`), one built from a message (`msgId`, the id
 * the message detail takes), or a copy or an edit of one (`materialId` with act=copy|edit); `from=audit` returns to the
 * audit list after saving.
 */
export function MaterialFormScreen({ appId, app }: { appId: number; app: AppInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const act = search.get('act');
  const materialId = Number(search.get('materialId')) || undefined;
  const from = materialId !== undefined && (act === 'edit' || act === 'copy') ? act : undefined;
  const msgId = from ? undefined : Number(search.get('msgId')) || undefined;
  const material = useMaterial(appId, from ? materialId : undefined);
  const message = useMessageDetail(appId, msgId);
  const icon = useIcon(appId);
  const type = typeOf(search.get('materialType'));
  const defaultIcon = useMemo(
    () => ({ icon: icon.data?.icon ?? '', color: icon.data?.color ?? '' }),
    [icon.data],
  );
  const ready = (!from || material.data) && (!msgId || message.data) && !icon.isLoading;

  const initial = useMemo(() => {
    if (!ready) return undefined;
    if (from && material.data) return materialFromDetail(material.data, app.serverUTC);
    if (msgId && message.data) return materialFromMessage(message.data, app.serverUTC);
    return emptyMaterial(app.serverUTC, type, defaultIcon);
  }, [ready, from, material.data, msgId, message.data, app.serverUTC, type, defaultIcon]);

  if (material.isError || message.isError)
    return (
      <Result
        status="warning"
        title={t(material.isError ? 'materials.form.loadFailed' : 'materials.form.messageFailed')}
        extra={<Button onClick={() => void navigate(-1)}>{t('materials.form.back')}</Button>}
      />
    );
  if (!initial) return <PageSpin />;

  const editing = from === 'edit' ? materialId : undefined;
  return (
    <div style={{ maxWidth: 1240 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {editing
          ? t('materials.form.titleEdit', { id: editing })
          : from === 'copy'
            ? t('materials.form.titleCopy', { id: materialId })
            : msgId
              ? t('materials.form.titleFromMessage', { id: message.data?.msgId ?? msgId })
              : t('materials.form.titleNew')}
      </Typography.Title>
      <MaterialForm
        key={`${from ?? 'new'}-${materialId ?? ''}-${msgId ?? ''}-${type}`}
        app={app}
        initial={initial}
        defaultIcon={defaultIcon}
        editing={editing}
        extras={{
          msgId: message.data?.msgId,
          contentCreateType: from ? contentCreatorOf(material.data) : ContentCreator.HAND,
        }}
        fromAudit={search.get('from') === 'audit'}
      />
    </div>
  );
}
