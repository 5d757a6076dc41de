import { Typography } from 'antd';
import { type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Android's default tint when an app sets no colour. */
export const DEFAULT_TINT = '#5F6368';

interface NotificationPreviewProps {
  icon: string;
  color: string;
  appName: string;
}

/** Android draws a small icon from its alpha channel only, filled with one colour: a CSS mask does the same. */
function SmallIcon({ icon, color, size }: { icon: string; color: string; size: number }) {
  const style: CSSProperties = icon
    ? {
        width: size,
        height: size,
        backgroundColor: color,
        WebkitMask: `url("${icon}") center / contain no-repeat`,
        mask: `url("${icon}") center / contain no-repeat`,
      }
    : {
        width: size,
        height: size,
        borderRadius: '50%',
        border: `2px dashed ${color}`,
        boxSizing: 'border-box',
      };
  return (
    <span data-testid="icon-preview-glyph" style={{ display: 'inline-block', flex: 'none', ...style }} />
  );
}

/** A live preview of an Android notification: status bar glyph (white) and the tinted header icon. */
export function NotificationPreview({ icon, color, appName }: NotificationPreviewProps) {
  const { t } = useTranslation();
  const tint = color || DEFAULT_TINT;
  return (
    <div
      data-testid="icon-preview"
      style={{
        width: 340,
        borderRadius: 20,
        background: '#1f2430',
        padding: 12,
        boxShadow: '0 10px 30px rgba(0,0,0,.18)',
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          color: '#fff',
          fontSize: 12,
          padding: '0 6px 10px',
        }}
      >
        <span>12:30</span>
        <SmallIcon icon={icon} color="#ffffff" size={14} />
        <span style={{ marginLeft: 'auto', opacity: 0.8 }}>▾ ◢ ▮</span>
      </div>
      <div style={{ background: '#fff', borderRadius: 16, padding: '12px 14px' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12 }}>
          <SmallIcon icon={icon} color={tint} size={16} />
          <span style={{ color: tint, fontWeight: 500 }}>{appName}</span>
          <span style={{ color: '#5f6368' }}>· {t('icon.preview.now')}</span>
        </div>
        <Typography.Text strong style={{ display: 'block', marginTop: 6 }}>
          {t('icon.preview.title')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('icon.preview.body')}
        </Typography.Text>
      </div>
    </div>
  );
}
