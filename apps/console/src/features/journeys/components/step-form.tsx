import { App, Card, Input, Radio, Spin, type FormInstance } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppInfo, type ConditionDraft, type DictEntry } from '@beacon/shared';
import { ConditionBuilder, type ConditionDictionaries } from '../../../components/condition-builder';
import {
  applyContentChange,
  ContentSection,
  CrossContentSection,
  emptyCross,
  LanguagesCard,
  PreviewPanel,
  type ComposeValues,
} from '../../../message-editor';
import { type StepDraft, type StepKind } from '../lib/journey-graph-model';
import { useStepRule } from './use-rules';
import { Form } from '../../../components/form';

type StepFormValues = ComposeValues & { groupTag: string; kind: StepKind; stepConditions: ConditionDraft[] };

function ConditionsInput({
  value,
  onChange,
  dictionaries,
}: {
  value?: ConditionDraft[];
  onChange?: (rows: ConditionDraft[]) => void;
  dictionaries: ConditionDictionaries | undefined;
}) {
  if (!dictionaries) return <Spin />;
  return (
    <ConditionBuilder value={value ?? []} onChange={(rows) => onChange?.(rows)} dictionaries={dictionaries} />
  );
}

interface StepFormProps {
  app: AppInfo;
  step: StepDraft;
  entry: boolean;
  /** the graph rule's words about the step's name, shown under it */
  tagProblem: string | undefined;
  readOnly: boolean;
  languages: DictEntry[];
  dictionaries: ConditionDictionaries | undefined;
  defaultIcon: { icon: string; color: string };
  onChange: (step: StepDraft) => void;
}

/**
 * A step's fields: its name on the canvas and title, what it sends (notification or cross) with compose's editors
 * (the notification style editor and its languages, or the JSON editor), and, after the entry, the conditions that
 * narrow its audience. Every change reaches the canvas at once.
 */
export function StepForm({
  app,
  step,
  entry,
  tagProblem,
  readOnly,
  languages,
  dictionaries,
  defaultIcon,
  onChange,
}: StepFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StepFormValues>();
  const kind: StepKind = Form.useWatch('kind', form) ?? step.kind;
  const rule = useStepRule(form, kind, app);
  /** The step as the form now holds it, to the canvas. */
  const publish = () => {
    const { groupTag, kind: next, stepConditions, ...content } = form.getFieldsValue(true) as StepFormValues;
    onChange({ ...step, groupTag, kind: next, conditions: stepConditions, content });
  };
  const handleChange = (changed: Partial<StepFormValues>) => {
    applyContentChange(form as unknown as FormInstance<ComposeValues>, changed, {
      defaultIcon,
      serverUTC: app.serverUTC,
      onDesignCleared: () => void message.info(t('compose.hints.designCleared')),
    });
    if (changed.kind === 'cross' && !form.getFieldValue('crossJson'))
      form.setFieldsValue(emptyCross('cross'));
    publish();
  };
  return (
    <Form<StepFormValues>
      form={form}
      name="journeyStep"
      layout="vertical"
      requiredMark
      disabled={readOnly}
      initialValues={{
        ...step.content,
        groupTag: step.groupTag,
        kind: step.kind,
        stepConditions: step.conditions,
      }}
      onValuesChange={handleChange}
      data-testid="step-form"
    >
      <Card variant="borderless" size="small">
        <Form.Item
          name="groupTag"
          label={t('journeys.step.groupTag')}
          extra={t('journeys.step.groupTagHint')}
          required
          {...(tagProblem ? { validateStatus: 'error' as const, help: tagProblem } : {})}
        >
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('journeys.step.title')} extra={t('journeys.step.titleHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label={t('journeys.step.kind')}>
          <Radio.Group
            optionType="button"
            options={(['notification', 'cross'] as const).map((k) => ({
              value: k,
              label: t(`journeys.step.kinds.${k}`),
            }))}
          />
        </Form.Item>
      </Card>
      {kind === 'notification' ? (
        <>
          <ContentSection
            appId={app.appId}
            rule={rule}
            linksEnable={app.linksEnable}
            description={false}
            onAiUsed={publish}
          />
          {app.multiLangEnable && (
            <LanguagesCard
              rule={rule}
              languages={languages}
              translate={{ appId: app.appId, from: 'push', onDone: publish }}
            />
          )}
          {/* what the step looks like, with the defaults or as one device would get its personalised fields */}
          <PreviewPanel appId={app.appId} appName={app.title} sticky={false} />
        </>
      ) : (
        <Suspense fallback={<Card variant="borderless" loading />}>
          <CrossContentSection
            rule={rule}
            kind="cross"
            appPackage={app.pkg}
            appId={app.appId}
            onAiUsed={publish}
          />
        </Suspense>
      )}
      {!entry && (
        <Card title={t('journeys.step.conditions')} variant="borderless" size="small">
          <Form.Item name="stepConditions" extra={t('journeys.step.conditionsHint')}>
            <ConditionsInput dictionaries={dictionaries} />
          </Form.Item>
        </Card>
      )}
    </Form>
  );
}
