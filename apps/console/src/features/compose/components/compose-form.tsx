import { App, Card, Form } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  groupSendTargets,
  isFileTargeting,
  ScheduleType,
  TargetingType,
  type AppInfo,
  type MessageSaveInput,
  waitsForReview,
} from '@beacon/shared';
import { useDictionaries } from '../../dictionaries';
import { useUserGroups } from '../../user-groups';
import { buildMessageSave, type ComposeContext } from '../../../message-editor/lib/build-payload';
import { type ComposeValues } from '../../../message-editor/lib/compose-values';
import { isContentField, LIST_SCREENS, type MessageKind } from '../../../message-editor/lib/message-kind';
import { validateCompose, type ComposeIssue } from '../../../message-editor/lib/validate-compose';
import { AdvancedSection } from '../../../message-editor/components/advanced-section';
import { AudienceSection } from '../../../message-editor/components/audience-section';
import { ConfirmDialog } from './confirm-dialog';
import { ContentSection } from '../../../message-editor/components/content-section';
import { LanguagesCard } from '../../../message-editor/components/multi-lang-section';
import {
  MessageFormShell,
  ReviewNote,
  SendButton,
} from '../../../message-editor/components/message-form-shell';
import { ScheduleSection } from '../../../message-editor/components/schedule-section';
import {
  estimateTargeting,
  useAudienceEstimate,
} from '../../../message-editor/components/use-audience-estimate';
import { GroupAppsSection } from '../../../message-editor/components/group-apps-section';
import { showServerFields, useComposeSubmit } from '../../../message-editor/components/use-compose-submit';
import { checkBeforeConfirm } from '../api/check-before-confirm';
import { useTemplateValues } from '../../../message-editor/api/get-template-values';
import { reportError } from '../../../lib/error-reporter';
import { useFieldRule, useIssueText } from '../../../message-editor/components/use-field-rule';
import { applyContentChange } from '../../../message-editor/components/values-change';

export interface ComposeFormProps {
  app: AppInfo;
  initial: ComposeValues;
  /** The default small icon and colour for new system-design pushes. */
  defaultIcon: { icon: string; color: string };
  id?: number | undefined;
  materialId?: number | undefined;
  /** The linked material's card (its national attributes), shown above the content. */
  materialCard?: ReactNode;
  toReview: boolean;
  kind?: MessageKind;
}

// CodeMirror comes with the cross content only: the notification screen never loads it
const CrossContentSection = lazy(() => import('../../../message-editor/components/cross-content-section'));

/**
 * The compose form: sections on the left, the sticky live preview (a cross message: what the app receives) and actions
 * on the right. A notification's content and languages, or a cross message's JSON (and pull-up target) and settings.
 */
export function ComposeForm({
  app,
  initial,
  defaultIcon,
  id,
  materialId,
  materialCard,
  toReview,
  kind = 'notification',
}: ComposeFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComposeValues>();
  const values = Form.useWatch((v: ComposeValues) => v, { form, preserve: true }) as
    ComposeValues | undefined;
  const countTouched = useRef(initial.pushCount !== null);
  const estimate = useAudienceEstimate(app.appId, values ?? initial);
  // the variables the app's templates may name: a template is checked live as the save checks it (issue 33 §4)
  const variables = useTemplateValues(app.appId).data?.variables;
  const templateVariables = useMemo(() => (variables ? new Set(variables) : undefined), [variables]);
  const ctx: ComposeContext = {
    app,
    estimate: estimate.value,
    now: Date.now(),
    id,
    materialId,
    kind,
    templateVariables,
  };
  const rule = useFieldRule(form, ctx);
  const issueText = useIssueText();
  const { dictionaries, raw } = useDictionaries(app.appId);
  const groups = useUserGroups(
    app.appId,
    { pageNo: 1, pageSize: 10_000 },
    values?.targetingType === TargetingType.USER_GROUP && [100, 200, 300].includes(app.projectLevel),
  );
  const submit = useComposeSubmit({ appId: app.appId, form, toReview, listScreen: LIST_SCREENS[kind] });
  const [confirm, setConfirm] = useState<MessageSaveInput | undefined>();
  const [testing, setTesting] = useState<MessageSaveInput | undefined>();
  const [checking, setChecking] = useState(false);
  const languages = useMemo(() => [...(raw?.languages ?? []), ...(raw?.subLanguages ?? [])], [raw]);
  const needsReview = waitsForReview(app, app.projectLevel);

  // the expected count follows the estimate until the operator sets it
  useEffect(() => {
    if (estimate.value === undefined) return;
    if (!countTouched.current) form.setFieldValue('pushCount', estimate.value);
    else if (form.isFieldTouched('pushCount')) void form.validateFields(['pushCount']).catch(() => undefined);
  }, [estimate.value, form]);

  const handleValuesChange = (changed: Partial<ComposeValues>, all: ComposeValues) => {
    applyContentChange(form, changed, {
      defaultIcon,
      serverUTC: app.serverUTC,
      onDesignCleared: () => void message.info(t('compose.hints.designCleared')),
    });
    if (
      changed.targetingType !== undefined &&
      isFileTargeting(changed.targetingType) &&
      all.scheduleType === ScheduleType.LOCAL_TIME
    )
      form.setFieldValue('scheduleType', ScheduleType.AT_TIME);
    // a saved user group or a file belongs to this app alone: it clears the apps picker (part 2 §4)
    if (
      changed.targetingType !== undefined &&
      !groupSendTargets(changed.targetingType) &&
      all.appGroupId !== undefined
    ) {
      form.setFieldsValue({ appGroupId: undefined, groupCounts: [] });
      void message.info(t('compose.groupApps.cleared'));
    }
    if ('appGroupId' in changed) form.setFieldValue('groupCounts', []);
  };

  /** Puts the issues at their fields and scrolls to the first; answers whether there were any. */
  const showIssues = (issues: ComposeIssue[]): boolean => {
    if (issues.length === 0) return false;
    form.setFields(issues.map((i) => ({ name: i.name as never, errors: [issueText(i)] })));
    const first = issues[0];
    if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
    return true;
  };

  const handleFinish = async () => {
    const all = form.getFieldsValue(true) as ComposeValues;
    const live = { ...ctx, now: Date.now() };
    if (showIssues(validateCompose(all, live))) return;
    const payload = buildMessageSave(all, live);
    // the daily limit and the server's own rules, before the confirmation opens (part 2 §5)
    setChecking(true);
    const verdict = await checkBeforeConfirm(app.appId, payload).finally(() => setChecking(false));
    if (verdict.kind === 'dailyLimit') {
      submit.showDailyLimit();
      return;
    }
    if (verdict.kind === 'refused') {
      if (!showServerFields(form, verdict.error)) reportError(verdict.error);
      return;
    }
    setConfirm(payload);
  };

  const openTest = () => {
    const all = form.getFieldsValue(true) as ComposeValues;
    const issues = validateCompose(all, { ...ctx, now: Date.now() }).filter((i) =>
      isContentField(i.name, kind),
    );
    if (showIssues(issues)) {
      void message.warning(t('compose.testPreview.needsContent'));
      return;
    }
    setTesting(buildMessageSave(all, { ...ctx, now: Date.now() }));
  };

  return (
    <MessageFormShell<ComposeValues>
      form={form}
      initialValues={initial}
      onValuesChange={handleValuesChange}
      onFinish={() => void handleFinish()}
      testId="compose-form"
      side={{
        kind,
        appName: app.title,
        onTest: openTest,
        actions: (
          <>
            <SendButton flow={submit} editing={Boolean(id)} checking={checking} block />
            <ReviewNote app={app} />
          </>
        ),
      }}
      confirm={
        confirm &&
        values && (
          <ConfirmDialog
            appId={app.appId}
            open
            values={form.getFieldsValue(true) as ComposeValues}
            payload={confirm}
            appName={app.title}
            groupName={groups.data?.results.find((g) => g.id === confirm.groupId)?.name}
            saving={submit.saving}
            editing={Boolean(id)}
            toReview={needsReview}
            kind={kind}
            onCancel={() => setConfirm(undefined)}
            onConfirm={() => void submit.send(confirm).then((done) => done && setConfirm(undefined))}
          />
        )
      }
      flow={submit}
      testing={{ appId: app.appId, payload: testing, onClose: () => setTesting(undefined) }}
    >
      {materialCard}
      {kind === 'notification' ? (
        <>
          <ContentSection appId={app.appId} rule={rule} linksEnable={app.linksEnable} />
          {app.multiLangEnable && (
            <LanguagesCard
              rule={rule}
              languages={languages}
              translate={{ appId: app.appId, from: 'push' }}
              cardId="compose-languages"
            />
          )}
        </>
      ) : (
        <>
          <Suspense fallback={<Card variant="borderless" loading />}>
            <CrossContentSection rule={rule} kind={kind} appPackage={app.pkg} appId={app.appId} />
          </Suspense>
          <AdvancedSection
            appId={app.appId}
            rule={rule}
            displayPriorityEnable={app.displayPriorityEnable}
            kind={kind}
          />
        </>
      )}
      <AudienceSection
        appId={app.appId}
        rule={rule}
        projectLevel={app.projectLevel}
        estimate={estimate}
        dictionaries={dictionaries}
        onCountTouched={() => {
          countTouched.current = true;
        }}
      />
      {!id && (
        <GroupAppsSection appId={app.appId} rule={rule} targeting={estimateTargeting(values ?? initial)} />
      )}
      <ScheduleSection
        rule={rule}
        localTimeEnable={app.localTimeEnable}
        estimate={estimate.value}
        cross={kind !== 'notification'}
      />
      {kind === 'notification' && (
        <AdvancedSection appId={app.appId} rule={rule} displayPriorityEnable={app.displayPriorityEnable} />
      )}
    </MessageFormShell>
  );
}
