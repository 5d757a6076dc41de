import { type CSSProperties } from 'react';
import { previewButtonText } from './preview-text';

/** The preview card's width (part 2 §2). */
export const PUSH_PREVIEW_WIDTH = 220;
const ANDROID_GREY = '#5F6368';

export interface PushPreviewContent {
  /** 1 system design, 3 custom design. */
  design: 1 | 3;
  title: string;
  desc: string;
  smallIcon?: string;
  color?: string;
  /** Custom design: the square icon and the button. */
  icon?: string;
  button?: string;
  /** 1 none, 2 text, 3 picture. */
  exType: 1 | 2 | 3;
  exText?: string;
  exImage?: string;
  optionalIcon?: string;
  buttons?: ReadonlyArray<{ txt: string }>;
}

export interface PushPreviewProps {
  content: PushPreviewContent;
  appName: string;
  expanded: boolean;
  /** Texts in the console language: the time label and placeholders for empty fields. */
  labels: { now: string; titlePlaceholder: string; descPlaceholder: string };
}

const clamp = (lines: number): CSSProperties => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
});

/** Android draws the small icon from its alpha channel, tinted: a CSS mask does the same. */
function SmallIcon({ icon, color }: { icon: string | undefined; color: string }) {
  const style: CSSProperties = icon
    ? {
        backgroundColor: color,
        WebkitMask: `url("${icon}") center / contain no-repeat`,
        mask: `url("${icon}") center / contain no-repeat`,
      }
    : { borderRadius: '50%', border: `1.5px solid ${color}`, boxSizing: 'border-box' };
  return (
    <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, flex: 'none', ...style }} />
  );
}

function ActionRow({ buttons, color }: { buttons: ReadonlyArray<{ txt: string }>; color: string }) {
  if (buttons.length === 0) return null;
  return (
    <div
      data-testid="push-preview-actions"
      style={{ display: 'flex', gap: 12, marginTop: 8, fontSize: 11, fontWeight: 600, color }}
    >
      {buttons.map((b, i) => (
        <span key={i} title={b.txt}>
          {previewButtonText(b.txt) || '···'}
        </span>
      ))}
    </div>
  );
}

/**
 * The notification as an Android device shows it, 220 px wide: system design (tinted small icon, app name, title,
 * text, optional large icon) or custom design (square icon, text, one button), collapsed or expanded (long text or
 * picture, extra buttons). Button texts are cut to 4 characters plus an ellipsis.
 */
export function PushPreview({ content, appName, expanded, labels }: PushPreviewProps) {
  const tint = content.color || ANDROID_GREY;
  const title = content.title.trim() || labels.titlePlaceholder;
  const desc = content.desc.trim() || labels.descPlaceholder;
  const empty = (s: string) => (s.trim() ? '#202124' : '#9aa0a6');
  const showText = expanded && content.exType === 2 && content.exText?.trim();
  const showPicture = expanded && content.exType === 3;
  const buttons = expanded ? (content.buttons ?? []) : [];
  const side = content.exType !== 3 ? content.optionalIcon : undefined;

  return (
    <div
      data-testid="push-preview"
      data-expanded={expanded}
      style={{
        width: PUSH_PREVIEW_WIDTH,
        boxSizing: 'border-box',
        background: '#fff',
        borderRadius: 14,
        padding: 10,
        boxShadow: '0 1px 3px rgba(60,64,67,.3), 0 4px 8px rgba(60,64,67,.15)',
        fontFamily: 'Roboto, system-ui, sans-serif',
      }}
    >
      {content.design === 1 ? (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 5, fontSize: 10, color: ANDROID_GREY }}>
            <SmallIcon icon={content.smallIcon} color={tint} />
            <span
              style={{
                color: tint,
                fontWeight: 500,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                maxWidth: 110,
              }}
            >
              {appName}
            </span>
            <span>· {labels.now}</span>
            <span style={{ marginLeft: 'auto' }}>{expanded ? '⌃' : '⌄'}</span>
          </div>
          <div style={{ display: 'flex', gap: 8, marginTop: 5 }}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <div
                data-testid="push-preview-title"
                style={{
                  fontSize: 12,
                  fontWeight: 600,
                  color: empty(content.title),
                  ...clamp(expanded ? 2 : 1),
                }}
              >
                {title}
              </div>
              <div
                data-testid="push-preview-desc"
                style={{
                  fontSize: 11,
                  color: content.desc.trim() ? ANDROID_GREY : '#9aa0a6',
                  marginTop: 1,
                  ...clamp(expanded && !showText ? 4 : 1),
                }}
              >
                {showText ? content.exText : desc}
              </div>
            </div>
            {side && (
              <img
                src={side}
                alt=""
                style={{ width: 32, height: 32, borderRadius: 4, objectFit: 'cover', flex: 'none' }}
              />
            )}
          </div>
        </>
      ) : (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {content.icon ? (
            <img
              src={content.icon}
              alt=""
              style={{ width: 36, height: 36, borderRadius: 8, objectFit: 'cover', flex: 'none' }}
            />
          ) : (
            <span
              aria-hidden
              style={{ width: 36, height: 36, borderRadius: 8, background: '#e8eaed', flex: 'none' }}
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <div
              data-testid="push-preview-title"
              style={{ fontSize: 12, fontWeight: 600, color: empty(content.title), ...clamp(1) }}
            >
              {title}
            </div>
            <div
              data-testid="push-preview-desc"
              style={{
                fontSize: 11,
                color: content.desc.trim() ? ANDROID_GREY : '#9aa0a6',
                ...clamp(expanded && !showText ? 3 : 1),
              }}
            >
              {showText ? content.exText : desc}
            </div>
          </div>
          {content.button?.trim() && (
            <span
              data-testid="push-preview-button"
              title={content.button}
              style={{
                flex: 'none',
                fontSize: 11,
                fontWeight: 600,
                color: '#fff',
                background: '#1a73e8',
                borderRadius: 12,
                padding: '3px 8px',
              }}
            >
              {previewButtonText(content.button)}
            </span>
          )}
        </div>
      )}
      {showPicture && (
        <div
          style={{
            marginTop: 8,
            borderRadius: 8,
            overflow: 'hidden',
            background: '#f1f3f4',
            aspectRatio: '430 / 230',
          }}
        >
          {content.exImage && (
            <img
              data-testid="push-preview-picture"
              src={content.exImage}
              alt=""
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
        </div>
      )}
      <ActionRow buttons={buttons} color={content.design === 1 ? tint : '#1a73e8'} />
    </div>
  );
}
