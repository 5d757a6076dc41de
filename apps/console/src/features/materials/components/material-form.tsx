import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, type FormInstance } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ErrorCodes,
  MaterialStatus,
  type AppInfo,
  type MaterialSaveInput,
  type MessageSaveInput,
  aiWritten,
} from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/error-reporter';
import {
  applyContentChange,
  buildMessageSave,
  ContentSection,
  CrossContentSection,
  isContentField,
  MessageFormShell,
  LanguagesCard,
  type ComposeIssue,
  type ComposeValues,
} from '../../../message-editor';
import { trackAiAction } from '../../ai';
import { useDictionaries } from '../../dictionaries';
import { useSaveMaterial } from '../api/save-material';
import {
  buildMaterialSave,
  composeContextOf,
  materialTypeOf,
  type MaterialValues,
  type SaveExtras,
} from '../lib/material-values';
import { fieldOfMaterialPath, validateMaterial } from '../lib/validate-material';
import { MaterialConfirmDialog } from './material-confirm-dialog';
import { MaterialFields } from './material-fields';
import { useMaterialIssueText, useMaterialRule } from './use-material-rule';
import { appPath } from '../../../lib/paths';

export interface MaterialFormProps {
  app: AppInfo;
  initial: MaterialValues;
  defaultIcon: { icon: string; color: string };
  /** Set when editing: the material saved over (its type cannot change). */
  editing?: number | undefined;
  extras: SaveExtras;
  /** Back to the audit list after saving (from=audit), else to the library. */
  fromAudit: boolean;
}

/**
 * The material form (spec §2 Material create/edit): the material's fields, then compose's own content editors — the
 * notification style editor with its languages and live preview, or the cross JSON editor — with the test preview.
 * Validated by the compose rules and the contract's material rule, confirmed, then saved.
 */
export function MaterialForm({ app, initial, defaultIcon, editing, extras, fromAudit }: MaterialFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<MaterialValues>();
  const rule = useMaterialRule(form, app);
  const issueText = useMaterialIssueText();
  const { raw } = useDictionaries(app.appId);
  const languages = useMemo(() => [...(raw?.languages ?? []), ...(raw?.subLanguages ?? [])], [raw]);
  const kind =
    (Form.useWatch('materialKind', form) as MaterialValues['materialKind'] | undefined) ??
    initial.materialKind;
  const [confirm, setConfirm] = useState<{ values: MaterialValues; payload: MaterialSaveInput }>();
  const [testing, setTesting] = useState<MessageSaveInput>();

  const showIssues = (issues: ComposeIssue[], text: (i: ComposeIssue) => string = issueText): boolean => {
    if (issues.length === 0) return false;
    form.setFields(issues.map((i) => ({ name: i.name as never, errors: [text(i)] })));
    const first = issues[0];
    if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
    return true;
  };
  const save = useSaveMaterial({
    mutationConfig: {
      onSuccess: ({ status }, { body }) => {
        if (aiWritten(body)) void trackAiAction(app.appId, 'ai_submit', 'material', body.title);
        setConfirm(undefined);
        void message.success(
          t(
            status === MaterialStatus.AWAITING_AUDIT
              ? 'materials.form.savedForReview'
              : 'materials.form.saved',
          ),
        );
        const type = materialTypeOf(form.getFieldsValue(true) as MaterialValues);
        void navigate(
          appPath(app.appId, `material/${fromAudit ? 'audit' : 'list'}`, {
            materialType: type === 1 ? undefined : type,
          }),
        );
      },
      onError: (error) => {
        setConfirm(undefined);
        const values = form.getFieldsValue(true) as MaterialValues;
        if (isApiError(error) && error.code === ErrorCodes.PARAMETER_ILLEGAL && error.fields.length > 0) {
          const issues = error.fields.map((f) => ({
            name: fieldOfMaterialPath(f.field, values),
            key: 'server',
            params: { message: f.message },
          }));
          showIssues(issues, (i) => String(i.params?.message ?? ''));
        } else if (isApiError(error) && error.code === ErrorCodes.MATERIAL_EXISTS) {
          void message.error(error.message);
        } else reportError(error);
      },
    },
  });

  const handleValuesChange = (changed: Partial<MaterialValues>) => {
    // the compose rule of a content change, over the compose fields this form holds
    applyContentChange(form as unknown as FormInstance<ComposeValues>, changed, {
      defaultIcon,
      serverUTC: app.serverUTC,
      onDesignCleared: () => void message.info(t('compose.hints.designCleared')),
    });
    // a cross material has no languages (spec §4 Compose flow)
    if (changed.materialKind === 'cross')
      form.setFieldsValue({ multiLang: false, languages: [], langContent: {} });
  };
  const handleFinish = () => {
    const values = form.getFieldsValue(true) as MaterialValues;
    if (showIssues(validateMaterial(values, app))) return;
    setConfirm({ values, payload: buildMaterialSave(values, app, extras) });
  };
  const openTest = () => {
    const values = form.getFieldsValue(true) as MaterialValues;
    const issues = validateMaterial(values, app).filter((i) => isContentField(i.name, values.materialKind));
    if (showIssues(issues)) return void message.warning(t('compose.testPreview.needsContent'));
    return setTesting(buildMessageSave(values, composeContextOf(values, app)));
  };

  return (
    <MessageFormShell<MaterialValues>
      form={form}
      initialValues={initial}
      onValuesChange={handleValuesChange}
      onFinish={handleFinish}
      testId="material-form"
      side={{
        kind,
        appName: app.title,
        onTest: openTest,
        actions: (
          <>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              block
              size="large"
              loading={save.isPending}
            >
              {t(editing ? 'materials.form.submitEdit' : 'materials.form.submitCreate')}
            </Button>
            {app.materialReviewEnable && (
              <Alert type="info" showIcon message={t('materials.form.reviewNote')} />
            )}
          </>
        ),
      }}
      confirm={
        confirm && (
          <MaterialConfirmDialog
            values={confirm.values}
            payload={confirm.payload}
            appName={app.title}
            editing={editing !== undefined}
            reviewed={app.materialReviewEnable}
            saving={save.isPending}
            onCancel={() => setConfirm(undefined)}
            onConfirm={() => save.mutate({ appId: app.appId, materialId: editing, body: confirm.payload })}
          />
        )
      }
      testing={{ appId: app.appId, payload: testing, onClose: () => setTesting(undefined) }}
    >
      <MaterialFields rule={rule} editing={editing !== undefined} />
      {kind === 'notification' ? (
        <>
          <ContentSection
            appId={app.appId}
            rule={rule}
            linksEnable={app.linksEnable}
            description={false}
            designLocked={editing !== undefined}
            aiFrom="material"
          />
          {app.multiLangEnable && (
            <LanguagesCard
              rule={rule}
              languages={languages}
              translate={{ appId: app.appId, from: 'material' }}
              cardId="compose-languages"
            />
          )}
        </>
      ) : (
        <Suspense fallback={<Card variant="borderless" loading />}>
          <CrossContentSection
            rule={rule}
            kind="cross"
            appPackage={app.pkg}
            appId={app.appId}
            aiFrom="material"
          />
        </Suspense>
      )}
    </MessageFormShell>
  );
}
