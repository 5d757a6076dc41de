import { App, Card, Flex, Form, Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isFileTargeting,
  MessageType,
  ScheduleType,
  TargetingType,
  type AbTestSaveInput,
  type AppInfo,
  type MessageSaveInput,
  waitsForReview,
} from '@beacon/shared';
import {
  AdvancedSection,
  AudienceSection,
  DescriptionField,
  estimateTargeting,
  GroupAppsSection,
  isContentField,
  MessageFormShell,
  ReviewNote,
  ScheduleSection,
  SendButton,
  useAudienceEstimate,
  type ComposeIssue,
  type ComposeValues,
} from '../../../message-editor';
import { useDictionaries } from '../../dictionaries';
import { buildAbTestSave, buildArmMessage, kindOfTest, type AbContext } from '../lib/build-ab-payload';
import {
  ARM_TAGS,
  armDevices,
  armPercent,
  type AbInitial,
  type AbSharedValues,
  type ArmIndex,
} from '../lib/ab-values';
import { EMPTY_SUB_CONFIG, isSubConfigField, SUB_CONFIG_KEYS } from '../lib/sub-config';
import { validateAb, type AbFieldPlace, type AbIssues } from '../lib/validate-ab';
import { AbConfirmDialog } from './ab-confirm-dialog';
import { AbShareField } from './ab-share-field';
import { AbSubConfigSection } from './ab-sub-config-section';
import { ArmColumn } from './arm-column';
import { readAb, useAbIssueText, useAbRules, type AbForms } from './use-ab-rules';
import { useAbSubmit } from './use-ab-submit';

export interface AbComposeFormProps {
  app: AppInfo;
  initial: AbInitial;
  defaultIcon: { icon: string; color: string };
  /** The test being edited (act=edit) and its arms' ids, A then B. */
  id?: number | undefined;
  armIds?: readonly [number, number] | undefined;
  toReview: boolean;
}

const SCROLL = { behavior: 'smooth', block: 'center', focus: true } as const;
/** The test's fields above the arms: their problems scroll first. */
const TOP_FIELDS = ['abMsgType', 'description'];

/** Whether a test's sub-config holds anything (it then opens expanded). */
const hasSubConfig = (v: AbSharedValues) =>
  Object.values(SUB_CONFIG_KEYS).some((k) => v[k] !== EMPTY_SUB_CONFIG[k] && v[k] !== undefined);

/**
 * message/editabtest's form: the content type and description, arms A and B side by side (each its own form with
 * its content, languages and schedule), then the test's audience and share, delivery and settings.
 */
export function AbComposeForm({ app, initial, defaultIcon, id, armIds, toReview }: AbComposeFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shared] = Form.useForm<AbSharedValues>();
  const [formA] = Form.useForm<ComposeValues>();
  const [formB] = Form.useForm<ComposeValues>();
  const forms: AbForms = useMemo(() => ({ shared, arms: [formA, formB] }), [shared, formA, formB]);
  const values = Form.useWatch((v: AbSharedValues) => v, { form: shared, preserve: true }) as
    AbSharedValues | undefined;
  const estimate = useAudienceEstimate(app.appId, values ?? initial.shared);
  const kind = kindOfTest(values ?? initial.shared);
  const ctx: AbContext = { app, estimate: estimate.value, now: Date.now(), id, armIds };
  const rules = useAbRules(forms, ctx);
  const issueText = useAbIssueText();
  const { dictionaries, raw } = useDictionaries(app.appId);
  const languages = useMemo(() => [...(raw?.languages ?? []), ...(raw?.subLanguages ?? [])], [raw]);
  const [subOpen, setSubOpen] = useState(() => hasSubConfig(initial.shared));
  /** Opens the sub-config when a problem is placed in it; answers whether it was (its field shows after a render). */
  const reveal = (place: AbFieldPlace): boolean => {
    if (place.form !== 'shared' || !isSubConfigField(place.name)) return false;
    setSubOpen(true);
    return true;
  };
  const submit = useAbSubmit({ appId: app.appId, forms, toReview, reveal });
  const designA = Form.useWatch('design', formA) ?? initial.arms[0].design;
  const designB = Form.useWatch('design', formB) ?? initial.arms[1].design;
  const customArms = ARM_TAGS.filter((_, i) => [designA, designB][i] === 3);
  const [confirm, setConfirm] = useState<AbTestSaveInput | undefined>();
  const [testing, setTesting] = useState<MessageSaveInput | undefined>();
  const percent = armPercent(values?.abPercent ?? initial.shared.abPercent);
  const devices = armDevices(estimate.idle || estimate.failed ? undefined : estimate.value, percent);
  const needsReview = waitsForReview(app, app.projectLevel);

  const handleSharedChange = (changed: Partial<AbSharedValues>) => {
    if (changed.abPercent !== undefined)
      for (const arm of forms.arms)
        arm.setFields([{ name: 'groupPercent' as never, value: armPercent(changed.abPercent), errors: [] }]);
    if (changed.targetingType !== undefined && isFileTargeting(changed.targetingType))
      for (const arm of forms.arms)
        if (arm.getFieldValue('scheduleType') === ScheduleType.LOCAL_TIME)
          arm.setFieldValue('scheduleType', ScheduleType.AT_TIME);
  };

  /** Puts the issues at their fields and scrolls to the first on screen; answers whether there were any. */
  const showIssues = (issues: AbIssues): boolean => {
    const place = (form: AbForms['shared'] | AbForms['arms'][number], list: ComposeIssue[]) =>
      form.setFields(list.map((i) => ({ name: i.name as never, errors: [issueText(i)] })));
    place(forms.shared, issues.shared);
    issues.arms.forEach((list, i) => place(forms.arms[i as ArmIndex], list));
    const revealed = issues.shared.filter((i) => reveal({ form: 'shared', name: i.name })).length > 0;
    const top = issues.shared.find((i) => TOP_FIELDS.includes(String(i.name[0])));
    const armAt = issues.arms.findIndex((list) => list.length > 0);
    const first = issues.shared[0];
    if (top) forms.shared.scrollToField(top.name, SCROLL);
    else if (armAt >= 0)
      forms.arms[armAt as ArmIndex].scrollToField(issues.arms[armAt]?.[0]?.name ?? [], SCROLL);
    else if (first && revealed && isSubConfigField(first.name))
      setTimeout(() => forms.shared.scrollToField(first.name, SCROLL));
    else if (first) forms.shared.scrollToField(first.name, SCROLL);
    return issues.shared.length > 0 || armAt >= 0;
  };

  const review = async () => {
    await Promise.all([forms.shared, ...forms.arms].map((f) => f.validateFields().catch(() => undefined)));
    const v = readAb(forms);
    const live = { ...ctx, now: Date.now() };
    if (showIssues(validateAb(v.shared, v.arms, live))) return;
    setConfirm(buildAbTestSave(v.shared, v.arms, live));
  };

  const openTest = (index: ArmIndex) => {
    const v = readAb(forms);
    const live = { ...ctx, now: Date.now() };
    const issues = validateAb(v.shared, v.arms, live).arms[index].filter((i) => isContentField(i.name, kind));
    if (showIssues({ shared: [], arms: index === 0 ? [issues, []] : [[], issues] })) {
      void message.warning(t('compose.testPreview.needsContent'));
      return;
    }
    setTesting(buildArmMessage(v.shared, v.arms[index], live));
  };

  return (
    <MessageFormShell<AbSharedValues>
      form={shared}
      initialValues={initial.shared}
      onValuesChange={handleSharedChange}
      confirm={
        confirm && (
          <AbConfirmDialog
            open
            payload={confirm}
            values={readAb(forms)}
            appId={app.appId}
            appName={app.title}
            estimate={estimate}
            saving={submit.saving}
            editing={id !== undefined}
            toReview={needsReview}
            onCancel={() => setConfirm(undefined)}
            onConfirm={() => void submit.send(confirm).then((done) => done && setConfirm(undefined))}
          />
        )
      }
      flow={submit}
      testing={{ appId: app.appId, payload: testing, onClose: () => setTesting(undefined) }}
    >
      <Flex vertical gap={16} data-testid="ab-compose-form">
        <Card title={t('abTests.compose.test')} variant="borderless" id="ab-test">
          <Form.Item
            name="abMsgType"
            label={t('abTests.compose.contentType')}
            extra={id ? t('abTests.compose.contentTypeFixed') : t('abTests.compose.contentTypeHint')}
            rules={[rules.shared(['abMsgType'])]}
          >
            <Radio.Group
              optionType="button"
              disabled={id !== undefined}
              options={[
                { value: MessageType.NOTIFICATION, label: t('abTests.compose.types.1') },
                { value: MessageType.PASS_THROUGH, label: t('abTests.compose.types.2') },
              ]}
            />
          </Form.Item>
          <DescriptionField rule={rules.shared} kind="cross" />
        </Card>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: 16,
            alignItems: 'start',
          }}
        >
          {([0, 1] as const).map((i) => (
            <ArmColumn
              key={i}
              index={i}
              form={forms.arms[i]}
              initial={initial.arms[i]}
              app={app}
              kind={kind}
              rule={rules.arms[i]}
              languages={languages}
              targetingType={values?.targetingType ?? initial.shared.targetingType ?? TargetingType.EVERYONE}
              devices={devices}
              defaultIcon={defaultIcon}
              onTest={() => openTest(i)}
            />
          ))}
        </div>
        <AudienceSection
          appId={app.appId}
          rule={rules.shared}
          projectLevel={app.projectLevel}
          estimate={estimate}
          dictionaries={dictionaries}
          onCountTouched={() => undefined}
          count={<AbShareField rule={rules.shared} estimate={estimate} />}
        />
        {!id && (
          <GroupAppsSection
            appId={app.appId}
            rule={rules.shared}
            targeting={estimateTargeting(values ?? initial.shared)}
            armShare={percent}
          />
        )}
        <ScheduleSection
          rule={rules.shared}
          localTimeEnable={app.localTimeEnable}
          estimate={devices}
          part="delivery"
          cross={kind !== 'notification'}
          title={t('abTests.compose.delivery')}
          cardId="ab-delivery"
        />
        <AdvancedSection
          appId={app.appId}
          rule={rules.shared}
          displayPriorityEnable={app.displayPriorityEnable}
        />
        {kind === 'notification' && (
          <AbSubConfigSection
            rule={rules.shared}
            customArms={customArms}
            open={subOpen}
            onOpenChange={setSubOpen}
          />
        )}
        <Card variant="borderless">
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Typography.Text type="secondary">{t('abTests.compose.footer')}</Typography.Text>
            <SendButton flow={submit} editing={id !== undefined} onClick={() => void review()} />
          </Flex>
          <ReviewNote app={app} style={{ marginTop: 12 }} />
        </Card>
      </Flex>
    </MessageFormShell>
  );
}
