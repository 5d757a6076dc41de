import { Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AB_LIMITS, abPercentMax } from '@beacon/shared';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../../i18n/language';
import { formatNumber } from '../../../lib/number-format';
import { type EstimateState, type FieldRule } from '../../../message-editor';
import { formatRate } from '../../messages';
import { armDevices, armPercent, shareSplit, type AbSharedValues } from '../lib/ab-values';

interface AbShareFieldProps {
  rule: FieldRule;
  estimate: EstimateState;
  /** How many variants the test has: each may take at most abPercentMax(arms). */
  arms: number;
}

/**
 * Each variant's share of the audience (in place of the expected push count), at most abPercentMax(k) so that the
 * variants together take at most 100 %: the devices a variant reaches, what they take together and what is left for
 * the winner.
 */
export function AbShareField({ rule, estimate, arms }: AbShareFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const form = Form.useFormInstance<AbSharedValues>();
  const share: number | null = Form.useWatch('abPercent', form) ?? null;
  const arm = armPercent(share);
  const devices = armDevices(estimate.idle || estimate.failed ? undefined : estimate.value, arm);
  const { total, rest } = shareSplit(share, arms);
  const max = abPercentMax(arms);
  return (
    <Form.Item
      name="abPercent"
      label={t('abTests.compose.share')}
      extra={
        <>
          <div data-testid="ab-share-arm">
            {devices === undefined
              ? t('abTests.compose.shareArm', { percent: formatRate(arm), max: formatRate(max) })
              : t('abTests.compose.shareArmDevices', {
                  percent: formatRate(arm),
                  devices: formatNumber(devices, lang),
                  max: formatRate(max),
                })}
          </div>
          <Typography.Text type="secondary" data-testid="ab-share-total">
            {t('abTests.compose.shareTotal', {
              arms,
              percent: formatRate(arm),
              total: formatRate(total),
              rest: formatRate(rest),
            })}
          </Typography.Text>
        </>
      }
      rules={[rule(['abPercent'])]}
      required
    >
      {/* no min / max: they clamp on blur without a word (-5 became 0.01 %); the rule names the range */}
      <InputNumber
        aria-valuemin={AB_LIMITS.percentMin}
        aria-valuemax={max}
        step={1}
        suffix="%"
        style={{ width: 160 }}
        aria-label={t('abTests.compose.share')}
      />
    </Form.Item>
  );
}
