import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_RULES, type ImageKind } from '@beacon/shared';
import { reportError } from '../../lib/error-reporter';
import { checkImageFile } from '../../lib/image-check';
import { useUploadImage } from '../api/upload-image';

export interface ImageFieldProps {
  appId: number;
  kind: ImageKind;
  value?: string;
  onChange?: (url: string) => void;
  /** Runs after a successful upload; answers false to refuse the image (the field stays empty). */
  afterUpload?: (url: string, fileName: string) => Promise<boolean>;
  id?: string;
  disabled?: boolean;
  /** Shown as a glyph (small icons are masks) instead of a plain thumbnail. */
  tint?: string;
}

/** An image picked from disk, checked in the browser and on the server against IMAGE_RULES[kind]. */
export function ImageField({
  appId,
  kind,
  value,
  onChange,
  afterUpload,
  id,
  disabled,
  tint,
}: ImageFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const rule = IMAGE_RULES[kind];
  const accept = rule.types.map((x) => (x === 'jpg' ? 'image/jpeg' : `image/${x}`)).join(',');
  const ruleText = t(`compose.imageRules.${kind}`, { kb: rule.maxBytes / 1024 });

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkImageFile(file, rule);
    if (problem) {
      void message.error(`${file.name}: ${t(`compose.imageProblems.${problem}`, { rule: ruleText })}`);
      return;
    }
    try {
      const stored = await upload.mutateAsync({ appId, kind, file });
      if (afterUpload && !(await afterUpload(stored.url, file.name))) return;
      onChange?.(stored.url);
    } catch (error) {
      reportError(error);
    }
  };

  const preview =
    value && tint !== undefined ? (
      <span
        aria-hidden
        style={{
          width: 40,
          height: 40,
          background: tint,
          WebkitMask: `url("${value}") center / contain no-repeat`,
          mask: `url("${value}") center / contain no-repeat`,
          display: 'inline-block',
        }}
      />
    ) : value ? (
      <img
        src={value}
        alt=""
        style={{
          maxWidth: kind === 'picture' ? 172 : 40,
          maxHeight: 92,
          borderRadius: 6,
          border: '1px solid #f0f0f0',
        }}
      />
    ) : null;

  return (
    <Flex align="center" gap={12} wrap>
      {preview}
      <input
        ref={input}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        id={id}
        icon={<UploadOutlined />}
        loading={upload.isPending}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {value ? t('compose.image.replace') : t('compose.image.upload')}
      </Button>
      {value && (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={disabled}
          aria-label={t('compose.image.remove')}
          onClick={() => onChange?.('')}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {ruleText}
      </Typography.Text>
    </Flex>
  );
}
