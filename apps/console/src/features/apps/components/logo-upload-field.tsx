import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Form, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_RULES, type MessageLang } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { uploadLogo } from '../api/upload-logo';
import { checkImageFile } from '../../../lib/image-check';
import { showFieldErrors, type ErrorWording } from '../../../components/form';

interface Props {
  name: string;
  value?: string;
  onChange?: (url: string) => void;
}

const rule = IMAGE_RULES.logo;

/** Picks a logo (120×120 png/jpg/webp ≤ 50 KB, checked here and on the server) and keeps its `/files/…` url. */
export function LogoUploadField({ name, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);

  // the refusal stays at the field, worded again if the language changes (the server's words as they came)
  const fail = (word: ErrorWording) => showFieldErrors(form, [{ name, word }]);

  const handleFile = async (file: File) => {
    const problem = await checkImageFile(file, rule);
    if (problem)
      return fail((t) =>
        t(`apps.image.${problem}`, {
          types: rule.types.join(', '),
          kb: rule.maxBytes / 1024,
          width: rule.width,
          height: rule.height,
        }),
      );
    setBusy(true);
    try {
      const { url } = await uploadLogo(file, i18n.language as MessageLang);
      onChange?.(url);
      form.setFields([{ name, errors: [] }]);
    } catch (err) {
      const message = isApiError(err) ? err.message : String(err);
      fail(() => message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex align="center" gap={12}>
      <Avatar shape="square" size={64} src={value || undefined} icon={<PictureOutlined />} alt="" />
      <Flex vertical gap={4}>
        <Flex gap={8}>
          <Upload
            accept=".png,.jpg,.jpeg,.webp"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void handleFile(file);
              return false;
            }}
          >
            <Button loading={busy} data-testid={`${name}-upload`}>
              {value ? t('apps.create.logoReplace') : t('apps.create.logoPick')}
            </Button>
          </Upload>
          {value && (
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('apps.create.logoRemove')}
              onClick={() => onChange?.('')}
            />
          )}
        </Flex>
        <Typography.Text type="secondary">
          {t('apps.create.logoHint', { width: rule.width, height: rule.height, kb: rule.maxBytes / 1024 })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
