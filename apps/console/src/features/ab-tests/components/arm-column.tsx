import { DeleteOutlined, ExperimentOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Popconfirm, Tag, Typography, type FormInstance } from 'antd';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppInfo, type DictEntry, type TargetingType } from '@beacon/shared';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../../i18n/language';
import { formatNumber } from '../../../lib/number-format';
import {
  applyContentChange,
  ContentSection,
  CrossContentSection,
  LanguagesCard,
  ScheduleSection,
  type ComposeValues,
  type FieldRule,
} from '../../../message-editor';
import { formatRate } from '../../messages';
import { ARM_TAGS, type ArmIndex, type ArmTag, type ArmValues } from '../lib/ab-values';
import { Form } from '../../../components/form';

/** The colour of each arm's tag, the same on every screen. */
export const ARM_COLORS: Readonly<Record<ArmTag, string>> = {
  A: 'blue',
  B: 'purple',
  C: 'cyan',
  D: 'orange',
  E: 'magenta',
  F: 'green',
  G: 'gold',
  H: 'volcano',
};

/** An arm tag's colour; grey for anything else. */
export const armColor = (tag: string): string => ARM_COLORS[tag as ArmTag] ?? 'default';

interface ArmColumnProps {
  index: ArmIndex;
  /** Hands the arm's form (its own) to the test's, and takes it back (undefined) on removal. */
  onForm: (form: FormInstance<ComposeValues> | undefined) => void;
  /** Tells the test the arm's design (the sub-config's layout number is for the custom design). */
  onDesign: (design: ComposeValues['design']) => void;
  /** Removes the variant (offered from the third on). */
  onRemove?: (() => void) | undefined;
  initial: ArmValues;
  app: AppInfo;
  kind: 'notification' | 'cross';
  rule: FieldRule;
  languages: DictEntry[];
  /** The test's targeting: local time is not offered with file targeting. */
  targetingType: TargetingType;
  /** The devices this arm is expected to reach (the estimate × its share). */
  devices: number | undefined;
  defaultIcon: { icon: string; color: string };
  onTest: () => void;
}

/** An arm's share as its form field shows it (a refusal of `groupPercent` shows under it). */
function ArmShare({ id, value, devices }: { id?: string; value?: number; devices: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const percent = formatRate(value ?? 0);
  return (
    <Typography.Text id={id}>
      {devices === undefined
        ? t('abTests.arm.shareOf', { percent })
        : t('abTests.arm.shareDevices', { percent, devices: formatNumber(devices, lang) })}
    </Typography.Text>
  );
}

/**
 * One arm of the test (its own form, `armA`, `armB`…, so that its fields' ids do not clash; renamed when an earlier
 * variant is removed): its share, its content (the notification editor with its languages, or the JSON editor) and
 * when it is sent.
 */
export function ArmColumn({
  index,
  onForm,
  onDesign,
  onRemove,
  initial,
  app,
  kind,
  rule,
  languages,
  targetingType,
  devices,
  defaultIcon,
  onTest,
}: ArmColumnProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComposeValues>();
  const tag = ARM_TAGS[index] ?? 'A';
  const name = t('abTests.arm.name', { tag });
  const design = Form.useWatch('design', form) ?? initial.design;
  useLayoutEffect(() => {
    onForm(form);
    return () => onForm(undefined);
  }, [form, onForm]);
  useEffect(() => onDesign(design), [design, onDesign]);
  return (
    <Form<ComposeValues>
      form={form}
      name={`arm${tag}`}
      component={false}
      layout="vertical"
      requiredMark
      initialValues={initial}
      onValuesChange={(changed: Partial<ComposeValues>) =>
        applyContentChange(form, changed, {
          defaultIcon,
          serverUTC: app.serverUTC,
          onDesignCleared: () => void message.info(t('compose.hints.designCleared')),
        })
      }
    >
      <Flex vertical gap={16} data-testid={`arm-${tag}`}>
        <Card variant="borderless" size="small">
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Tag color={armColor(tag)} style={{ fontSize: 14, padding: '2px 10px' }}>
              {name}
            </Tag>
            <Flex gap={8} wrap>
              <Button icon={<ExperimentOutlined />} onClick={onTest} data-testid={`test-${tag}`}>
                {t('compose.actions.test')}
              </Button>
              {onRemove && (
                <Popconfirm
                  title={t('abTests.arm.removeTitle', { name })}
                  description={t('abTests.arm.removeText')}
                  okText={t('abTests.arm.remove')}
                  cancelText={t('compose.actions.back')}
                  okButtonProps={{ danger: true, ...{ 'data-testid': `remove-ok-${tag}` } }}
                  onConfirm={onRemove}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid={`remove-${tag}`}>
                    {t('abTests.arm.remove')}
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </Flex>
          <Form.Item
            name="groupPercent"
            label={t('abTests.arm.share')}
            rules={[rule(['groupPercent'])]}
            style={{ marginTop: 12, marginBottom: 0 }}
          >
            <ArmShare devices={devices} />
          </Form.Item>
        </Card>
        {kind === 'notification' ? (
          <>
            <ContentSection
              appId={app.appId}
              rule={rule}
              linksEnable={app.linksEnable}
              description={false}
              title={t('abTests.arm.content', { name })}
              cardId={`ab-content-${tag}`}
            />
            {app.multiLangEnable && (
              <LanguagesCard rule={rule} languages={languages} cardId={`ab-languages-${tag}`} />
            )}
          </>
        ) : (
          <Suspense fallback={<Card variant="borderless" loading />}>
            <CrossContentSection
              rule={rule}
              kind="cross"
              appPackage={app.pkg}
              title={t('abTests.arm.content', { name })}
              cardId={`ab-content-${tag}`}
            />
          </Suspense>
        )}
        <ScheduleSection
          rule={rule}
          localTimeEnable={app.localTimeEnable}
          estimate={devices}
          part="when"
          targetingType={targetingType}
          title={t('abTests.arm.schedule', { name })}
          cardId={`ab-schedule-${tag}`}
        />
      </Flex>
    </Form>
  );
}
