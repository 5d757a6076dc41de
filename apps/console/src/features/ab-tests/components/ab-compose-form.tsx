import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Radio,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type FormInstance,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AB_LIMITS,
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
  nextArm,
  type AbInitial,
  type AbSharedValues,
  type ArmValues,
} from '../lib/ab-values';
import { EMPTY_SUB_CONFIG, isSubConfigField, SUB_CONFIG_KEYS } from '../lib/sub-config';
import { validateAb, type AbFieldPlace, type AbIssues } from '../lib/validate-ab';
import { AbConfirmDialog } from './ab-confirm-dialog';
import { AbShareField } from './ab-share-field';
import { AbSubConfigSection } from './ab-sub-config-section';
import { AbWinnerSection } from './ab-winner-section';
import { armColor, ArmColumn } from './arm-column';
import { readAb, useAbIssueText, useAbRules, type AbForms } from './use-ab-rules';
import { useAbSubmit } from './use-ab-submit';

export interface AbComposeFormProps {
  app: AppInfo;
  initial: AbInitial;
  defaultIcon: { icon: string; color: string };
  /** The test being edited (act=edit) and its arms' ids, A, B, C… */
  id?: number | undefined;
  armIds?: readonly number[] | undefined;
  toReview: boolean;
}

const SCROLL = { behavior: 'smooth', block: 'center', focus: true } as const;
/** The test's fields above the arms: their problems scroll first. */
const TOP_FIELDS = ['abMsgType', 'description'];

/** Whether a test's sub-config holds anything (it then opens expanded). */
const hasSubConfig = (v: AbSharedValues) =>
  Object.values(SUB_CONFIG_KEYS).some((k) => v[k] !== EMPTY_SUB_CONFIG[k] && v[k] !== undefined);

/** A variant on screen: a key of its own (its form and tab survive re-tagging), its first values and, on edit, its id. */
interface ArmEntry {
  key: number;
  initial: ArmValues;
  id: number | undefined;
}

/**
 * message/editabtest's form: the content type and description, the 2–8 variants in tabs (each its own form with its
 * content, languages and schedule; "Add variant" copies the last one, a variant from the third on can be removed and
 * the ones after it move up a letter), then the test's audience and each variant's share, how the winner is picked,
 * delivery and settings.
 */
export function AbComposeForm({ app, initial, defaultIcon, id, armIds, toReview }: AbComposeFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shared] = Form.useForm<AbSharedValues>();
  const [entries, setEntries] = useState<ArmEntry[]>(() =>
    initial.arms.map((arm, i) => ({ key: i, initial: arm, id: armIds?.[i] })),
  );
  const [active, setActive] = useState('0');
  const nextKey = useRef(initial.arms.length);
  const registry = useRef(new Map<number, FormInstance<ComposeValues>>());
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const forms: AbForms = useMemo(
    () => ({
      shared,
      get arms() {
        return entriesRef.current.flatMap((e) => {
          const f = registry.current.get(e.key);
          return f ? [f] : [];
        });
      },
    }),
    [shared],
  );
  const [designs, setDesigns] = useState<Record<number, ComposeValues['design']>>({});
  const values = Form.useWatch((v: AbSharedValues) => v, { form: shared, preserve: true }) as
    AbSharedValues | undefined;
  const estimate = useAudienceEstimate(app.appId, values ?? initial.shared);
  const kind = kindOfTest(values ?? initial.shared);
  const ctx: AbContext = {
    app,
    estimate: estimate.value,
    now: Date.now(),
    id,
    armIds: entries.map((e) => e.id),
  };
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
  const showArm = useCallback((index: number) => {
    const entry = entriesRef.current[index];
    if (entry) setActive(String(entry.key));
  }, []);
  const submit = useAbSubmit({ appId: app.appId, forms, toReview, reveal, onArm: showArm });
  const customArms = entries.flatMap((e, i) =>
    (designs[e.key] ?? e.initial.design) === 3 ? [ARM_TAGS[i] ?? 'A'] : [],
  );
  const registerForm = useMemo(() => {
    const cache = new Map<number, (f: FormInstance<ComposeValues> | undefined) => void>();
    return (key: number) => {
      let fn = cache.get(key);
      if (!fn) {
        fn = (f) => {
          if (f) registry.current.set(key, f);
          else registry.current.delete(key);
        };
        cache.set(key, fn);
      }
      return fn;
    };
  }, []);
  const designOf = useMemo(() => {
    const cache = new Map<number, (d: ComposeValues['design']) => void>();
    return (key: number) => {
      let fn = cache.get(key);
      if (!fn) {
        fn = (d) => setDesigns((all) => (all[key] === d ? all : { ...all, [key]: d }));
        cache.set(key, fn);
      }
      return fn;
    };
  }, []);
  // a variant added or removed moves the share's maximum (abPercentMax): check the share against the new count
  const armCount = entries.length;
  const counted = useRef(armCount);
  useEffect(() => {
    if (counted.current === armCount) return;
    counted.current = armCount;
    void forms.shared.validateFields(['abPercent']).catch(() => undefined);
  }, [armCount, forms]);

  const addArm = () => {
    const last = forms.arms.at(-1);
    const lastEntry = entries.at(-1);
    if (entries.length >= AB_LIMITS.armsMax || !lastEntry) return;
    const from = (last?.getFieldsValue(true) as ArmValues | undefined) ?? lastEntry.initial;
    const key = nextKey.current++;
    setEntries([
      ...entries,
      {
        key,
        initial: nextArm(from, forms.shared.getFieldValue('abPercent') as number | null),
        id: undefined,
      },
    ]);
    setActive(String(key));
  };
  const removeArm = (index: number) => {
    if (entries.length <= AB_LIMITS.armsMin) return;
    const next = entries.filter((_, i) => i !== index);
    setEntries(next);
    setActive(String(next[Math.min(index, next.length - 1)]?.key ?? 0));
  };
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
    const place = (form: AbForms['shared'] | AbForms['arms'][number] | undefined, list: ComposeIssue[]) =>
      form?.setFields(list.map((i) => ({ name: i.name as never, errors: [issueText(i)] })));
    place(forms.shared, issues.shared);
    issues.arms.forEach((list, i) => place(forms.arms[i], list));
    const revealed = issues.shared.filter((i) => reveal({ form: 'shared', name: i.name })).length > 0;
    const top = issues.shared.find((i) => TOP_FIELDS.includes(String(i.name[0])));
    const armAt = issues.arms.findIndex((list) => list.length > 0);
    const first = issues.shared[0];
    if (top) forms.shared.scrollToField(top.name, SCROLL);
    else if (armAt >= 0) {
      // the arm's tab first: a field of a hidden tab cannot take the focus
      showArm(armAt);
      const arm = forms.arms[armAt];
      setTimeout(() => arm?.scrollToField(issues.arms[armAt]?.[0]?.name ?? [], SCROLL));
    } else if (first && revealed && isSubConfigField(first.name))
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

  const openTest = (index: number) => {
    const v = readAb(forms);
    const live = { ...ctx, now: Date.now() };
    const all = validateAb(v.shared, v.arms, live).arms;
    const issues = (all[index] ?? []).filter((i) => isContentField(i.name, kind));
    if (showIssues({ shared: [], arms: all.map((_, i) => (i === index ? issues : [])) })) {
      void message.warning(t('compose.testPreview.needsContent'));
      return;
    }
    const arm = v.arms[index];
    if (arm) setTesting(buildArmMessage(v.shared, arm, live));
  };
  const targetingType = values?.targetingType ?? initial.shared.targetingType ?? TargetingType.EVERYONE;

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
        <Card variant="borderless" styles={{ body: { paddingTop: 8 } }} data-testid="ab-arms">
          <Tabs
            activeKey={active}
            onChange={setActive}
            tabBarExtraContent={
              <Tooltip
                title={
                  entries.length >= AB_LIMITS.armsMax
                    ? t('abTests.arm.addMax', { max: AB_LIMITS.armsMax })
                    : t('abTests.arm.addHint')
                }
              >
                <Button
                  icon={<PlusOutlined />}
                  onClick={addArm}
                  disabled={entries.length >= AB_LIMITS.armsMax}
                  data-testid="ab-add-arm"
                >
                  {t('abTests.arm.add')}
                </Button>
              </Tooltip>
            }
            items={entries.map((entry, i) => {
              const tag = ARM_TAGS[i] ?? 'A';
              return {
                key: String(entry.key),
                forceRender: true,
                label: (
                  <Tag color={armColor(tag)} style={{ marginInlineEnd: 0 }} data-testid={`arm-tab-${tag}`}>
                    {t('abTests.arm.name', { tag })}
                  </Tag>
                ),
                children: (
                  <ArmColumn
                    index={i}
                    onForm={registerForm(entry.key)}
                    onDesign={designOf(entry.key)}
                    onRemove={i >= AB_LIMITS.armsMin ? () => removeArm(i) : undefined}
                    initial={entry.initial}
                    app={app}
                    kind={kind}
                    rule={rules.arm(i)}
                    languages={languages}
                    targetingType={targetingType}
                    devices={devices}
                    defaultIcon={defaultIcon}
                    onTest={() => openTest(i)}
                  />
                ),
              };
            })}
          />
        </Card>
        <AudienceSection
          appId={app.appId}
          rule={rules.shared}
          projectLevel={app.projectLevel}
          estimate={estimate}
          dictionaries={dictionaries}
          onCountTouched={() => undefined}
          count={<AbShareField rule={rules.shared} estimate={estimate} arms={entries.length} />}
        />
        {!id && (
          <GroupAppsSection
            appId={app.appId}
            rule={rules.shared}
            targeting={estimateTargeting(values ?? initial.shared)}
            armShare={percent}
          />
        )}
        <AbWinnerSection rule={rules.shared} />
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
