import { isFileTargeting, ScheduleType, type AppInfo } from '@beacon/shared';
import { type ConditionDictionaries } from '../../../components/condition-builder';
import {
  AdvancedSection,
  AudienceSection,
  DescriptionField,
  ScheduleSection,
  useAudienceEstimate,
  type ComposeValues,
} from '../../../message-editor';
import { useSettingsRule } from './use-rules';
import { Form } from '../../../components/form';

interface SettingsFormProps {
  app: AppInfo;
  settings: ComposeValues;
  readOnly: boolean;
  dictionaries: ConditionDictionaries | undefined;
  onChange: (settings: ComposeValues) => void;
}

/**
 * The entry's settings, the journey's own: its description, the audience (compose's targeting section with its live
 * estimate; no push count: the journey sends to all of it), the first step's schedule and delivery, the message kind.
 */
export function SettingsForm({ app, settings, readOnly, dictionaries, onChange }: SettingsFormProps) {
  const [form] = Form.useForm<ComposeValues>();
  const values = Form.useWatch((v: ComposeValues) => v, { form, preserve: true }) as
    ComposeValues | undefined;
  const estimate = useAudienceEstimate(app.appId, values ?? settings);
  const rule = useSettingsRule(form, app);
  const handleChange = (changed: Partial<ComposeValues>) => {
    if (
      changed.targetingType !== undefined &&
      isFileTargeting(changed.targetingType) &&
      form.getFieldValue('scheduleType') === ScheduleType.LOCAL_TIME
    )
      form.setFieldValue('scheduleType', ScheduleType.AT_TIME);
    onChange(form.getFieldsValue(true) as ComposeValues);
  };
  return (
    <Form<ComposeValues>
      form={form}
      name="journeySettings"
      layout="vertical"
      requiredMark
      disabled={readOnly}
      initialValues={settings}
      onValuesChange={handleChange}
      data-testid="settings-form"
    >
      <DescriptionField rule={rule} kind="notification" />
      <AudienceSection
        appId={app.appId}
        rule={rule}
        projectLevel={app.projectLevel}
        estimate={estimate}
        dictionaries={dictionaries}
        onCountTouched={() => undefined}
        count={false}
      />
      <ScheduleSection rule={rule} localTimeEnable={app.localTimeEnable} estimate={estimate.value} />
      <AdvancedSection appId={app.appId} rule={rule} displayPriorityEnable={app.displayPriorityEnable} />
    </Form>
  );
}
