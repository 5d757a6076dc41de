import { AutoComplete, Card, Flex, Form, Segmented, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GAID_PATTERN, type TemplateDevice } from '@beacon/shared';
import { PushPreview } from '../../components/push-preview';
import { STICKY_TOP } from '../../lib/layout-sizes';
import { useTemplateValues } from '../api/get-template-values';
import { type ComposeValues } from '../lib/compose-values';
import { previewText } from '../lib/template-preview';
import { useEditorPorts } from '../ports';

interface PreviewPanelProps {
  appId: number;
  appName: string;
  /** The test-preview button, submit button and notes under the card. */
  children?: ReactNode;
  /** sticks under the header as the page scrolls (compose); a journey step's drawer shows it in line (default true) */
  sticky?: boolean;
}

/** The live preview: the 220 px notification card, collapsed or expanded, updating as the form changes. */
export function PreviewPanel({ appId, appName, children, sticky = true }: PreviewPanelProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const v = Form.useWatch((values: ComposeValues) => values, { form, preserve: true }) as
    ComposeValues | undefined;
  const [expanded, setExpanded] = useState(false);
  // personalised content (issue 33 §4): the preview as a device would get it, or with the defaults
  const [asDevice, setAsDevice] = useState('');
  const gaid = GAID_PATTERN.test(asDevice.trim()) ? asDevice.trim() : undefined;
  const testDevices = useEditorPorts().useTestDevices(appId, { keyword: '', pageNo: 1, pageSize: 100 });
  const values = useTemplateValues(appId, gaid);
  const device: TemplateDevice | undefined =
    gaid && !values.isError ? (values.data?.values ?? undefined) : undefined;
  const text = (s: string | undefined) => previewText(s ?? '', device);
  const deviceNote = gaid
    ? values.isError
      ? t('compose.preview.asDeviceUnknown')
      : t('compose.preview.asDeviceShown')
    : t('compose.preview.asDeviceDefaults');
  return (
    <Card
      variant="borderless"
      title={t('compose.preview.title')}
      style={sticky ? { position: 'sticky', top: STICKY_TOP } : undefined}
      data-testid="preview-panel"
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
              title: text(v?.title),
              desc: text(v?.desc),
              smallIcon: v?.smallIcon ?? '',
              color: v?.smallIconColor && /^#[0-9A-Fa-f]{6}$/.test(v.smallIconColor) ? v.smallIconColor : '',
              icon: v?.icon ?? '',
              button: text(v?.button),
              exType: v?.exType ?? 1,
              exText: text(v?.exText),
              exImage: v?.exImage ?? '',
              optionalIcon: v?.optionalIcon ?? '',
              buttons: (v?.buttons ?? []).map((b) => ({ txt: text(b?.txt) })),
            }}
          />
        </div>
        <Flex vertical gap={4} style={{ width: '100%' }}>
          <Typography.Text strong style={{ fontSize: 12 }}>
            {t('compose.preview.asDevice')}
          </Typography.Text>
          <AutoComplete
            size="small"
            allowClear
            value={asDevice}
            onChange={(value: string | undefined) => setAsDevice(value ?? '')}
            placeholder={t('compose.preview.asDevicePlaceholder')}
            aria-label={t('compose.preview.asDevice')}
            data-testid="preview-as-device"
            options={(testDevices.data?.results ?? []).map((d) => ({
              value: d.gaid,
              label: `${d.name} (${d.gaid})`,
            }))}
          />
          <Typography.Text
            type={gaid && values.isError ? 'danger' : 'secondary'}
            style={{ fontSize: 12 }}
            data-testid="preview-as-device-note"
          >
            {deviceNote}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('compose.preview.hint')}
        </Typography.Text>
        {children && (
          <Flex vertical gap={8} style={{ width: '100%' }}>
            {children}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
