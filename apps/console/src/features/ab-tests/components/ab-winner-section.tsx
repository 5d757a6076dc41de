import { Card, Checkbox, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AB_ALPHA, AB_ALPHA_EARLY, AB_BANDIT, AB_WINNER_LIMITS } from '@beacon/shared';
import { type FieldRule } from '../../../message-editor';
import { formatRate } from '../../messages';
import { type AbSharedValues } from '../lib/ab-values';

/**
 * How the test picks its winner (issue 34 §2): the operator's send to all, or automatically — after N hours, earlier
 * when one variant is significantly best at the stricter level; and whether the variants' share goes in bandit rounds. The hours and the early looks stay mounted (hidden)
 * while manual, so that switching back keeps them.
 */
export function AbWinnerSection({ rule }: { rule: FieldRule }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<AbSharedValues>();
  const auto = Form.useWatch('winnerAuto', form) === true;
  const bandit = Form.useWatch('winnerBandit', form) === true;
  return (
    <Card title={t('abTests.winner.title')} variant="borderless" id="ab-winner" data-testid="ab-winner">
      <Form.Item name="winnerAuto" rules={[rule(['winnerAuto'])]} style={{ marginBottom: 12 }}>
        <Radio.Group
          options={[
            { value: false, label: t('abTests.winner.manual') },
            { value: true, label: t('abTests.winner.auto') },
          ]}
        />
      </Form.Item>
      {!auto && (
        <Typography.Paragraph type="secondary" data-testid="ab-winner-manual">
          {t('abTests.winner.manualHint')}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="winnerHours"
        label={t('abTests.winner.hours')}
        extra={t('abTests.winner.hoursHint', {
          min: AB_WINNER_LIMITS.hoursMin,
          max: AB_WINNER_LIMITS.hoursMax,
        })}
        rules={[rule(['winnerHours'])]}
        hidden={!auto && !bandit}
        required
      >
        {/* no min / max: they clamp on blur without a word (200 h became 168); the rule names the range */}
        <InputNumber
          aria-valuemin={AB_WINNER_LIMITS.hoursMin}
          aria-valuemax={AB_WINNER_LIMITS.hoursMax}
          precision={0}
          suffix={t('abTests.winner.hoursUnit')}
          style={{ width: 160 }}
          aria-label={t('abTests.winner.hours')}
        />
      </Form.Item>
      <Form.Item name="winnerEarly" valuePropName="checked" hidden={!auto} style={{ marginBottom: 8 }}>
        <Checkbox>{t('abTests.winner.early')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="winnerBandit"
        valuePropName="checked"
        style={{ marginBottom: 4 }}
        extra={t('abTests.winner.banditHint', { rounds: AB_BANDIT.rounds })}
      >
        <Checkbox data-testid="ab-winner-bandit">{t('abTests.winner.bandit')}</Checkbox>
      </Form.Item>
      {auto && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="ab-winner-help">
          {t('abTests.winner.help', {
            early: formatRate(AB_ALPHA_EARLY * 100),
            alpha: formatRate(AB_ALPHA * 100),
          })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
