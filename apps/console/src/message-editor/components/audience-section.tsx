import {
  Alert,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Slider,
  Spin,
  Statistic,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  GAID_PATTERN,
  MESSAGE_LIMITS,
  TARGETING_TYPES,
  TargetingType,
  TESTER_TARGETING,
  USER_GROUP_TARGET_LEVELS,
  type ConditionDraft,
} from '@beacon/shared';
import { ConditionBuilder, type ConditionDictionaries } from '../../components/condition-builder';
import { currentLanguage } from '../../i18n';
import { formatNumber, formatRate } from '../../lib/number-format';
import { useEditorPorts } from '../ports';
import { isApiError } from '../../lib/api-error';
import { useCheckGaids } from '../api/check-gaids';
import { parseUserIds } from '../lib/build-payload';
import { type ComposeValues } from '../lib/compose-values';
import { GaidFileField, GaidLinkField } from './gaid-list-fields';
import { type FieldRule } from './use-field-rule';

export interface EstimateState {
  value: number | undefined;
  /** The value is a sampled estimate (large apps): shown with "≈". */
  approximate?: boolean;
  loading: boolean;
  failed: boolean;
  /** The targeting is not complete yet, so nothing is estimated. */
  idle: boolean;
}

interface AudienceSectionProps {
  appId: number;
  rule: FieldRule;
  projectLevel: number;
  estimate: EstimateState;
  onCountTouched: () => void;
  dictionaries: ConditionDictionaries | undefined;
  /** Shown under the estimate in place of the expected push count (an A/B test asks for its share instead). */
  count?: ReactNode;
}

/**
 * The condition builder as a form control; `onLeave` once the focus leaves the whole builder (not when it moves from a
 * row's field to its value).
 */
function ConditionsInput({
  value,
  onChange,
  onLeave,
  onEdited,
  dictionaries,
}: {
  value?: ConditionDraft[];
  onChange?: (rows: ConditionDraft[]) => void;
  onLeave: () => void;
  /** after each change has reached the form */
  onEdited: () => void;
  dictionaries: ConditionDictionaries;
}) {
  return (
    <div
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) onLeave();
      }}
    >
      <ConditionBuilder
        value={value ?? []}
        onChange={(rows) => {
          onChange?.(rows);
          onEdited();
        }}
        dictionaries={dictionaries}
      />
    </div>
  );
}

const GAID_CODES: readonly number[] = [
  ErrorCodes.GAID_FORMAT,
  ErrorCodes.GAID_INVALID,
  ErrorCodes.GAID_REPEATED,
];

/**
 * msg/gaid/check when the typed device ids lose the focus: the server names the ids no device of the app has (40001),
 * which the form cannot know (the format and the count are the form's own rules, checked first). A warning: the save
 * decides.
 */
function useDeviceIdsCheck(appId: number) {
  const checkGaids = useCheckGaids();
  const [problem, setProblem] = useState<string | undefined>();
  const check = (text: string | undefined) => {
    const ids = parseUserIds(text ?? '');
    if (
      ids.length === 0 ||
      ids.length > MESSAGE_LIMITS.userIdsMax ||
      !ids.every((id) => GAID_PATTERN.test(id))
    ) {
      setProblem(undefined);
      return;
    }
    checkGaids.mutateAsync({ appId, userIds: ids }).then(
      () => setProblem(undefined),
      (error: unknown) =>
        setProblem(isApiError(error) && GAID_CODES.includes(error.code) ? error.message : undefined),
    );
  };
  return { check, problem };
}

/** Audience: targeting type and its editor, the live estimate, the expected push count with a percent slider. */
export function AudienceSection({
  appId,
  rule,
  projectLevel,
  estimate,
  onCountTouched,
  dictionaries,
  count,
}: AudienceSectionProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const form = Form.useFormInstance<ComposeValues>();
  const type: TargetingType = Form.useWatch('targetingType', form) ?? TargetingType.EVERYONE;
  // whether the focus has left the condition builder once (a ref: nothing renders from it)
  const conditionsLeft = useRef(false);
  const checkConditions = () => void form.validateFields(['conditions']).catch(() => undefined);
  const pushCount: number | null = Form.useWatch('pushCount', form) ?? null;
  const isTester = projectLevel === 500;
  const canUseGroups = (USER_GROUP_TARGET_LEVELS as readonly number[]).includes(projectLevel);
  const { useUserGroups } = useEditorPorts();
  const groups = useUserGroups(
    appId,
    { pageNo: 1, pageSize: 10_000 },
    type === TargetingType.USER_GROUP && canUseGroups,
  );
  const idsCheck = useDeviceIdsCheck(appId);
  const max = estimate.value;
  const percent = max && pushCount ? Math.min(100, Math.round((pushCount / max) * 100)) : 0;

  const disabledReason = (value: TargetingType): string | undefined => {
    if (isTester && !TESTER_TARGETING.includes(value)) return t('compose.targeting.testerOnly');
    if (value === TargetingType.USER_GROUP && !canUseGroups) return t('compose.targeting.groupsLevel');
    return undefined;
  };

  return (
    <Card title={t('compose.sections.audience')} variant="borderless" id="compose-audience">
      <Form.Item
        name="targetingType"
        label={t('compose.fields.targetingType')}
        rules={[rule(['targetingType'])]}
      >
        <Radio.Group>
          <Flex vertical gap={6}>
            {TARGETING_TYPES.map((value) => {
              const reason = disabledReason(value);
              const radio = (
                <Radio value={value} disabled={reason !== undefined}>
                  {t(`compose.targeting.type${value}`)}
                  {reason && (
                    <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                      {reason}
                    </Typography.Text>
                  )}
                </Radio>
              );
              return <div key={value}>{radio}</div>;
            })}
          </Flex>
        </Radio.Group>
      </Form.Item>
      {isTester && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('compose.targeting.testerNote')}
        />
      )}

      {type === TargetingType.CONDITIONS && (
        <Form.Item
          name="conditions"
          label={t('compose.fields.conditions')}
          rules={[rule(['conditions'])]}
          // a row being built is incomplete: checked once the focus leaves the builder (or on submit), then on
          // every change, so the error goes as soon as the row is complete (after a failed submit too)
          validateTrigger={[]}
          required
        >
          {dictionaries ? (
            <ConditionsInput
              dictionaries={dictionaries}
              onLeave={() => {
                conditionsLeft.current = true;
                checkConditions();
              }}
              onEdited={() => {
                if (conditionsLeft.current || form.getFieldError('conditions').length > 0) checkConditions();
              }}
            />
          ) : (
            <Spin />
          )}
        </Form.Item>
      )}
      {type === TargetingType.DEVICES && (
        <Form.Item
          name="userIdsText"
          label={t('compose.fields.userIds')}
          extra={t('compose.hints.userIds', { max: MESSAGE_LIMITS.userIdsMax })}
          rules={[rule(['userIdsText'])]}
          required
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            placeholder="38400000-8cf0-11bd-b23e-10b96e40000d"
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            onBlur={() => idsCheck.check(form.getFieldValue('userIdsText') as string)}
          />
        </Form.Item>
      )}
      {type === TargetingType.DEVICES && idsCheck.problem && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="gaid-check"
          title={idsCheck.problem}
        />
      )}
      {type === TargetingType.FILE_UPLOAD && <GaidFileField appId={appId} rule={rule} />}
      {type === TargetingType.FILE_LINK && <GaidLinkField appId={appId} rule={rule} />}
      {type === TargetingType.USER_GROUP && (
        <Form.Item name="groupId" label={t('compose.fields.group')} rules={[rule(['groupId'])]} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={groups.isLoading}
            placeholder={t('compose.placeholders.group')}
            notFoundContent={groups.isLoading ? <Spin size="small" /> : t('compose.targeting.noGroups')}
            options={(groups.data?.results ?? []).map((g) => ({
              value: g.id,
              label: g.name,
              disabled: !g.open,
            }))}
          />
        </Form.Item>
      )}

      <Flex gap={32} align="center" wrap style={{ marginBottom: 16 }}>
        <Tooltip title={t('compose.estimate.help')}>
          <Statistic
            title={t('compose.estimate.title')}
            // written the reader's way (fr "20 000"): antd's own grouping is the English comma in every language
            value={
              estimate.idle
                ? '—'
                : estimate.failed
                  ? t('compose.estimate.unavailable')
                  : max !== undefined
                    ? formatNumber(max, lang)
                    : '—'
            }
            prefix={
              estimate.approximate && max !== undefined && !estimate.idle && !estimate.failed
                ? '≈'
                : undefined
            }
            loading={estimate.loading && max === undefined}
            styles={{ content: { fontSize: 22 } }}
          />
        </Tooltip>
        {estimate.loading && max !== undefined && <Spin size="small" />}
      </Flex>
      {count ?? (
        <Form.Item
          label={t('compose.fields.pushCount')}
          required
          extra={
            max !== undefined ? t('compose.hints.pushCount', { max: formatNumber(max, lang) }) : undefined
          }
        >
          <Flex gap={16} align="center">
            <Form.Item name="pushCount" noStyle rules={[rule(['pushCount'])]}>
              {/* no min: it set -5 to 0 on blur without a word; the rule says it must be above 0 (and at most the estimate) */}
              <InputNumber
                id="pushCount"
                aria-valuemin={1}
                aria-valuemax={max}
                precision={0}
                style={{ width: 160 }}
                onChange={onCountTouched}
                aria-label={t('compose.fields.pushCount')}
              />
            </Form.Item>
            <Slider
              aria-label={t('compose.fields.pushPercent')}
              style={{ flex: 1, maxWidth: 260 }}
              min={0}
              max={100}
              disabled={!max}
              value={percent}
              tooltip={{ formatter: (v) => formatRate(v ?? 0, lang) }}
              onChange={(p: number) => {
                onCountTouched();
                form.setFieldValue('pushCount', Math.round(((max ?? 0) * p) / 100));
                void form.validateFields(['pushCount']).catch(() => undefined);
              }}
            />
            <Typography.Text type="secondary">{formatRate(percent, lang)}</Typography.Text>
          </Flex>
        </Form.Item>
      )}
    </Card>
  );
}
