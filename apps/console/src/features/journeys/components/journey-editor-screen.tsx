import { CopyOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TargetingType } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { emptyCompose } from '../../../message-editor';
import { useDictionaries } from '../../dictionaries';
import { useIcon } from '../../icon';
import { StatusTag } from '../../messages';
import { useJourney } from '../api/get-journey';
import { canvasMode, isReadOnlyMode, type CanvasMode } from '../lib/canvas-mode';
import { isEditable, isHeldByReview, isRevisable } from '../lib/journey-status';
import { journeyToEditor } from '../lib/steps-to-graph';
import { JourneyConfirmDialog } from './journey-confirm-dialog';
import { JourneyEditor, newGraph, newStep } from './journey-editor';
import { JourneyReviewActions } from './journey-review-actions';
import { ReviewNotes } from './review-notes';
import { appPath } from '../../../lib/paths';

export interface JourneyEditorScreenProps {
  appId: number;
  /** the journey to edit, copy or view (its message id) */
  id?: number | undefined;
  act?: 'edit' | 'copy' | 'view' | undefined;
}

/**
 * /app/{appId}/message/editcanvas: a new journey; one to edit (while not confirmed: 18, 20, or held by review: 11, 12 —
 * otherwise shown read-only with Copy, dialog mode 3), to copy (its ids dropped) or to view (read-only, with each
 * step's figures). A journey waiting for review opens for its reviewers in mode 4 (run, reject, edit) or, for the
 * platform's administrator, mode 6 (pass, reject): lib/canvas-mode.ts.
 */
export function JourneyEditorScreen({ appId, id, act }: JourneyEditorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppInfo(appId);
  const icon = useIcon(appId);
  const loads = id !== undefined && act !== undefined;
  const journey = useJourney(appId, loads ? id : undefined);
  const { dictionaries, raw } = useDictionaries(appId);
  const languages = useMemo(() => [...(raw?.languages ?? []), ...(raw?.subLanguages ?? [])], [raw]);
  const [confirming, setConfirming] = useState(false);
  const app = info.data;
  const d = journey.data;
  const defaultIcon = useMemo(
    () => ({ icon: icon.data?.icon ?? '', color: icon.data?.color ?? '' }),
    [icon.data],
  );
  const mode: CanvasMode = canvasMode(loads ? act : undefined, d?.status, app?.projectLevel ?? 0);
  const refused = act === 'edit' && d !== undefined && !isRevisable(d.status);

  const initial = useMemo(() => {
    if (!app || icon.isLoading || (loads && !d)) return undefined;
    if (d && mode !== 'new') return journeyToEditor(d, mode === 'copy' ? 'copy' : 'edit', app.serverUTC);
    return {
      graph: newGraph(newStep(t('journeys.step.defaultTag', { n: 1 }), app.serverUTC, defaultIcon)),
      settings: emptyCompose(app.serverUTC, app.projectLevel === 500 ? TargetingType.DEVICES : undefined),
    };
    // the editor starts from what is loaded first: later reads (polling) change the figures only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, icon.isLoading, loads, d === undefined, mode, defaultIcon]);

  if (journey.isError || info.isError)
    return (
      <Result
        status="warning"
        title={t('journeys.editor.loadFailed')}
        extra={<Button onClick={() => void navigate(-1)}>{t('compose.actions.back')}</Button>}
      />
    );
  if (!app || !initial) return <PageSpin />;
  if (app.destroy === 2) return <Alert type="info" showIcon title={t('compose.destroyed')} />;

  const go = (next: 'edit' | 'copy') =>
    void navigate(appPath(appId, 'message/editcanvas', { id, act: next }));
  const readOnly = isReadOnlyMode(mode);
  const actions =
    d && (mode === 'review' || mode === 'platformReview') ? (
      <JourneyReviewActions appId={appId} journey={d} mode={mode} onEdit={() => go('edit')} />
    ) : (
      readOnly &&
      d && (
        <>
          <Button icon={<CopyOutlined />} onClick={() => go('copy')} data-testid="journey-copy">
            {t('journeys.actions.copy')}
          </Button>
          {isRevisable(d.status) && (
            <Button icon={<EditOutlined />} onClick={() => go('edit')} data-testid="journey-edit">
              {t('journeys.actions.edit')}
            </Button>
          )}
          {isEditable(d.status) && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setConfirming(true)}>
              {t('journeys.actions.confirm')}
            </Button>
          )}
        </>
      )
    );
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {readOnly ? d?.title : t(`journeys.editor.title.${mode}`)}
        </Typography.Title>
        {d && mode !== 'copy' && <StatusTag status={d.status} />}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t(readOnly ? 'journeys.editor.subtitleView' : 'journeys.editor.subtitle', { app: app.title })}
      </Typography.Paragraph>
      {refused && (
        <Alert type="info" showIcon title={t('journeys.editor.notEditable')} data-testid="not-editable" />
      )}
      {d && mode !== 'copy' && isHeldByReview(d.status) && <ReviewNotes journey={d} mode={mode} />}
      <JourneyEditor
        key={`${id ?? 'new'}-${mode}`}
        app={app}
        initial={initial}
        id={mode === 'edit' ? id : undefined}
        readOnly={readOnly}
        detail={readOnly ? d : undefined}
        defaultIcon={defaultIcon}
        languages={languages}
        dictionaries={dictionaries}
        actions={actions}
      />
      {confirming && id !== undefined && (
        <JourneyConfirmDialog
          appId={appId}
          msgId={id}
          onClose={() => setConfirming(false)}
          onEdit={() => go('edit')}
        />
      )}
    </Flex>
  );
}
