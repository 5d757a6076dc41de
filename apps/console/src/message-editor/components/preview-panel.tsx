import { Card, Flex, Form, Segmented, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PushPreview } from '../../components/push-preview';
import { STICKY_TOP } from '../../lib/layout-sizes';
import { type ComposeValues } from '../lib/compose-values';

interface PreviewPanelProps {
  appName: string;
  /** The test-preview button, submit button and notes under the card. */
  children: ReactNode;
}

/** The sticky live preview: the 220 px notification card, collapsed or expanded, updating as the form changes. */
export function PreviewPanel({ appName, children }: PreviewPanelProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const v = Form.useWatch((values: ComposeValues) => values, { form, preserve: true }) as
    ComposeValues | undefined;
  const [expanded, setExpanded] = useState(false);
  return (
    <Card
      variant="borderless"
      title={t('compose.preview.title')}
      style={{ position: 'sticky', top: STICKY_TOP }}
    >
      <Flex vertical align="center" gap={16}>
        <Segmented
          size="small"
          value={expanded ? 'expanded' : 'collapsed'}
          onChange={(value) => setExpanded(value === 'expanded')}
          options={[
            { value: 'collapsed', label: t('compose.preview.collapsed') },
            { value: 'expanded', label: t('compose.preview.expanded') },
          ]}
        />
        <div
          style={{
            background: 'linear-gradient(160deg, #e8eefc, #f4f0fb)',
            padding: '20px 16px',
            borderRadius: 16,
            width: '100%',
            display: 'flex',
            justifyContent: 'center',
          }}
        >
          <PushPreview
            appName={appName}
            expanded={expanded}
            labels={{
              now: t('compose.preview.now'),
              titlePlaceholder: t('compose.preview.titlePlaceholder'),
              descPlaceholder: t('compose.preview.descPlaceholder'),
            }}
            content={{
              design: v?.design ?? 1,
              title: v?.title ?? '',
              desc: v?.desc ?? '',
              smallIcon: v?.smallIcon ?? '',
              color: v?.smallIconColor && /^#[0-9A-Fa-f]{6}$/.test(v.smallIconColor) ? v.smallIconColor : '',
              icon: v?.icon ?? '',
              button: v?.button ?? '',
              exType: v?.exType ?? 1,
              exText: v?.exText ?? '',
              exImage: v?.exImage ?? '',
              optionalIcon: v?.optionalIcon ?? '',
              buttons: (v?.buttons ?? []).map((b) => ({ txt: b?.txt ?? '' })),
            }}
          />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('compose.preview.hint')}
        </Typography.Text>
        <Flex vertical gap={8} style={{ width: '100%' }}>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}
