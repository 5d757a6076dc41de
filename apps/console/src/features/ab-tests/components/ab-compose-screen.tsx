import { Alert, Button, Result, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AB_LIMITS, TargetingType } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { useMessageDetails } from '../../../message-editor';
import { useIcon } from '../../icon';
import { useAbTest } from '../api/get-ab-test';
import { armsOf } from '../lib/ab-list';
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
 * from its A/B detail (its arms, A, B, C…, and how it picks its winner) and each arm's message (content, schedule
 * and zone).
 */
export function AbComposeScreen({ appId, id, act, from }: AbComposeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppInfo(appId);
  const icon = useIcon(appId);
  const loads = id !== undefined && (act === 'edit' || act === 'copy');
  const test = useAbTest(appId, loads ? id : undefined);
  const arms = useMemo(() => (test.data ? armsOf(test.data) : []), [test.data]);
  const details = useMessageDetails(
    appId,
    arms.map((a) => a.msgId),
  );
  const app = info.data;
  const defaultIcon = useMemo(
    () => ({ icon: icon.data?.icon ?? '', color: icon.data?.color ?? '' }),
    [icon.data],
  );
  const armDetails = details.map((d) => d.data);
  const allLoaded = armDetails.every((d) => d !== undefined);
  const loaded = !loads || (test.data !== undefined && allLoaded);
  const failed =
    test.isError ||
    details.some((d) => d.isError) ||
    (test.data !== undefined && (arms.length < AB_LIMITS.armsMin || arms.length > AB_LIMITS.armsMax));
  const detailKey = armDetails.map((d) => d?.msgId ?? 0).join(',');

  const initial = useMemo(() => {
    if (!app || icon.isLoading || !loaded) return undefined;
    const loadedArms = armDetails.flatMap((d) => (d ? [d] : []));
    if (loads && test.data && loadedArms.length >= AB_LIMITS.armsMin)
      return abTestFromArms(
        test.data.title,
        loadedArms,
        arms[0]?.groupPercent ?? 0,
        act ?? 'edit',
        app.serverUTC,
        test.data.winner,
      );
    return emptyAbTest(
      app.serverUTC,
      defaultIcon,
      app.projectLevel === 500 ? TargetingType.DEVICES : undefined,
    );
    // the arms' details are read by detailKey: useQueries hands a new array every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, icon.isLoading, loaded, loads, test.data, detailKey, arms, act, defaultIcon]);

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
        armIds={editing ? arms.map((a) => a.msgId) : undefined}
        toReview={from === 'review'}
      />
    </div>
  );
}
