import { Alert, Button, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TargetingType } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { useMessageDetail } from '../../../message-editor';
import { useIcon } from '../../icon';
import { useAbTest } from '../api/get-ab-test';
import { abTestFromArms, emptyAbTest } from '../lib/ab-values';
import { AbComposeForm } from './ab-compose-form';

export interface AbComposeScreenProps {
  appId: number;
  /** The test to edit or copy (`id` query: the test's message id). */
  id?: number | undefined;
  act?: 'edit' | 'copy' | undefined;
  from?: string | undefined;
}

/**
 * /app/{appId}/message/editabtest: a new A/B test, or one to edit or copy (act=edit|copy&id=). A saved test opens
 * from its A/B detail (the arms, A then B) and each arm's message (content, schedule and zone).
 */
export function AbComposeScreen({ appId, id, act, from }: AbComposeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppInfo(appId);
  const icon = useIcon(appId);
  const loads = id !== undefined && (act === 'edit' || act === 'copy');
  const test = useAbTest(appId, loads ? id : undefined);
  const armA = test.data?.childMsgs.find((c) => c.groupTag === 'A' && !c.rest);
  const armB = test.data?.childMsgs.find((c) => c.groupTag === 'B' && !c.rest);
  const detailA = useMessageDetail(appId, armA?.msgId);
  const detailB = useMessageDetail(appId, armB?.msgId);
  const app = info.data;
  const defaultIcon = useMemo(
    () => ({ icon: icon.data?.icon ?? '', color: icon.data?.color ?? '' }),
    [icon.data],
  );
  const loaded = !loads || (detailA.data !== undefined && detailB.data !== undefined);
  const failed =
    test.isError || detailA.isError || detailB.isError || (test.data !== undefined && (!armA || !armB));

  const initial = useMemo(() => {
    if (!app || icon.isLoading || !loaded) return undefined;
    if (loads && test.data && detailA.data && detailB.data)
      return abTestFromArms(
        test.data.title,
        [detailA.data, detailB.data],
        armA?.groupPercent ?? 0,
        act ?? 'edit',
        app.serverUTC,
      );
    return emptyAbTest(
      app.serverUTC,
      defaultIcon,
      app.projectLevel === 500 ? TargetingType.DEVICES : undefined,
    );
  }, [app, icon.isLoading, loaded, loads, test.data, detailA.data, detailB.data, armA, act, defaultIcon]);

  if (failed) {
    return (
      <Result
        status="warning"
        title={t('abTests.compose.loadFailed')}
        extra={<Button onClick={() => void navigate(-1)}>{t('compose.actions.back')}</Button>}
      />
    );
  }
  if (!app || !initial) return <PageSpin />;
  if (app.destroy === 2) return <Alert type="info" showIcon title={t('compose.destroyed')} />;

  const editing = act === 'edit' ? id : undefined;
  return (
    <div style={{ maxWidth: 1240 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {editing
          ? t('abTests.compose.titleEdit')
          : act === 'copy'
            ? t('abTests.compose.titleCopy')
            : t('abTests.compose.titleNew')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('abTests.compose.subtitle', { app: app.title })}
      </Typography.Paragraph>
      <AbComposeForm
        key={`${id ?? 'new'}-${act ?? ''}`}
        app={app}
        initial={initial}
        defaultIcon={defaultIcon}
        id={editing}
        armIds={editing && armA && armB ? [armA.msgId, armB.msgId] : undefined}
        toReview={from === 'review'}
      />
    </div>
  );
}
