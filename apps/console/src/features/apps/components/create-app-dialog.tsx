import { App, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANDROID_PACKAGE_PATTERN, APP_LIMITS } from '@beacon/shared';
import { showFormError } from '../../../lib/form-errors';
import { checkPkg } from '../api/check-pkg';
import { useCreateApp } from '../api/create-app';
import { FirebaseUploadField } from './firebase-upload-field';
import { LogoUploadField } from './logo-upload-field';
import { Form } from '../../../components/form';

interface Values {
  title: string;
  pkg: string;
  appFireBaseJsonId: string;
  description: string;
  logo: string;
}

/** The create-app dialog: validate, confirm, create, refresh the list. */
export function CreateAppDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (appId: number) => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateApp();

  const handleFinish = (values: Values) => {
    modal.confirm({
      title: t('apps.create.confirmTitle'),
      content: t('apps.create.confirmText', { pkg: values.pkg }),
      okText: t('apps.create.submit'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { appId } = await create.mutateAsync(values);
          void message.success(t('apps.create.created', { title: values.title }));
          form.resetFields();
          onClose();
          onCreated?.(appId);
        } catch (err) {
          showFormError(form, err);
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('apps.create.title')}
      okText={t('apps.create.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      forceRender
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{ description: '', logo: '', appFireBaseJsonId: '' }}
        data-testid="create-app-form"
      >
        <Form.Item
          name="title"
          label={t('apps.create.titleLabel')}
          rules={[
            { required: true, whitespace: true, message: t('apps.create.titleRequired') },
            { max: APP_LIMITS.titleMax, message: t('apps.create.titleMax', { max: APP_LIMITS.titleMax }) },
          ]}
        >
          <Input
            placeholder={t('apps.create.titlePlaceholder', { max: APP_LIMITS.titleMax })}
            showCount={{ formatter: ({ count }) => `${count}/${APP_LIMITS.titleMax}` }}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="pkg"
          label={t('apps.create.pkgLabel')}
          extra={t('apps.create.pkgHint')}
          normalize={(v: string) => v.replace(/\s+/g, '')}
          validateDebounce={400}
          rules={[
            { required: true, message: t('apps.create.pkgRequired') },
            { pattern: ANDROID_PACKAGE_PATTERN, message: t('apps.create.pkgInvalid') },
            {
              validator: async (_rule, value: string) => {
                if (!value || !ANDROID_PACKAGE_PATTERN.test(value)) return;
                const { available } = await checkPkg(value).catch(() => ({ available: true }));
                if (!available) throw new Error(t('apps.create.pkgTaken'));
              },
            },
          ]}
        >
          <Input placeholder="com.example.app" />
        </Form.Item>
        <Form.Item
          name="appFireBaseJsonId"
          label={t('apps.create.jsonLabel')}
          extra={t('apps.create.jsonHint')}
          rules={[{ required: true, message: t('apps.create.jsonRequired') }]}
        >
          <FirebaseUploadField name="appFireBaseJsonId" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('apps.create.descriptionLabel')}
          rules={[
            {
              max: APP_LIMITS.descriptionMax,
              message: t('apps.create.descriptionMax', { max: APP_LIMITS.descriptionMax }),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            showCount
            maxLength={APP_LIMITS.descriptionMax}
            placeholder={t('apps.create.descriptionPlaceholder', { max: APP_LIMITS.descriptionMax })}
          />
        </Form.Item>
        <Form.Item name="logo" label={t('apps.create.logoLabel')}>
          <LogoUploadField name="logo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
