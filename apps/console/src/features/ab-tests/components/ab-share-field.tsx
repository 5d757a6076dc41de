import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../../i18n/language';
import { formatNumber } from '../../../lib/number-format';
import { type EstimateState, type FieldRule } from '../../../message-editor';
import { formatRate } from '../../messages';
import { armDevices, armPercent, type AbSharedValues } from '../lib/ab-values';

/** The test's share of the audience (in place of the expected push count): each arm gets half, shown with its devices. */
export function AbShareField({ rule, estimate }: { rule: FieldRule; estimate: EstimateState }) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const form = Form.useFormInstance<AbSharedValues>();
  const total: number | null = Form.useWatch('abPercent', form) ?? null;
  const arm = armPercent(total);
  const devices = armDevices(estimate.idle || estimate.failed ? undefined : estimate.value, arm);
  return (
    <Form.Item
      name="abPercent"
      label={t('abTests.compose.share')}
      extra={
        devices === undefined
          ? t('abTests.compose.shareArm', { percent: formatRate(arm) })
          : t('abTests.compose.shareArmDevices', {
              percent: formatRate(arm),
              devices: formatNumber(devices, lang),
            })
      }
      rules={[rule(['abPercent'])]}
      required
    >
      <InputNumber
        min={0}
        max={100}
        step={1}
        suffix="%"
        style={{ width: 160 }}
        aria-label={t('abTests.compose.share')}
      />
    </Form.Item>
  );
}
