import { Card, Flex, Form, Progress, Typography } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CROSS_LIMITS } from '@beacon/shared';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../i18n/language';
import { STICKY_TOP } from '../../lib/layout-sizes';
import { formatNumber } from '../../lib/number-format';
import { type ComposeValues } from '../lib/compose-values';
import { contentTextOf, crossData, jsonProblem } from '../lib/cross-values';
import { type MessageKind } from '../lib/message-kind';

interface CrossPanelProps {
  kind: Exclude<MessageKind, 'notification'>;
  /** The test-preview button, submit button and notes under the card. */
  children: ReactNode;
}

/**
 * The sticky side card of a cross message, in place of the notification preview: what the SDK does with it and how
 * much of the `trans_data` limit the content takes once encoded.
 */
export function CrossPanel({ kind, children }: CrossPanelProps) {
  const { t, i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const form = Form.useFormInstance<ComposeValues>();
  // fields one by one: the whole-form watch is empty until the form has rendered once
  const crossJson: string = Form.useWatch('crossJson', form) ?? '';
  const enlivePackage: string = Form.useWatch('enlivePackage', form) ?? '';
  const enliveActivity: string = Form.useWatch('enliveActivity', form) ?? '';
  const v = { crossJson, enlivePackage, enliveActivity, enliveJson: '', layoutId: undefined };
  const content = contentTextOf(v, kind);
  const valid = content.trim() !== '' && jsonProblem(content) === undefined;
  const encoded = valid ? crossData(v, kind).trans_data : undefined;
  const size = typeof encoded === 'string' ? encoded.length : 0;
  const pkg = enlivePackage.trim();
  const activity = enliveActivity.trim();
  return (
    <Card
      variant="borderless"
      title={t('compose.cross.panel.title')}
      style={{ position: 'sticky', top: STICKY_TOP }}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {kind === 'pullup'
            ? pkg && activity
              ? t('compose.pullup.panel', { package: pkg, activity })
              : t('compose.pullup.panelEmpty')
            : t('compose.cross.panel.cross')}
        </Typography.Text>
        {valid ? (
          <div data-testid="cross-size">
            <Typography.Text style={{ fontSize: 12 }}>
              {t('compose.cross.panel.size', {
                size: formatNumber(size, lang),
                max: formatNumber(CROSS_LIMITS.transDataMax, lang),
              })}
            </Typography.Text>
            <Progress
              percent={Math.min(100, Math.round((size / CROSS_LIMITS.transDataMax) * 100))}
              status={size > CROSS_LIMITS.transDataMax ? 'exception' : 'normal'}
              showInfo={false}
              size="small"
            />
          </div>
        ) : (
          content.trim() !== '' && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {t('compose.cross.panel.invalid')}
            </Typography.Text>
          )
        )}
        <Flex vertical gap={8} style={{ width: '100%' }}>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}
