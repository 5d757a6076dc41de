import { App, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODEL_CONTROL_LIMITS, MODEL_TIERS, type ModelEntry } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { showFormError } from '../../../lib/form-errors';
import { useSaveModel } from '../api/save-model';
import { modelRules } from './model-rules';
import { Form } from '../../../components/form';

interface ModelFormValues {
  type: 1 | 2 | 3;
  brand: string;
  model: string;
  protectDefault: string;
  protectNewMarket: string;
}

interface ModelDialogProps {
  shieldType: 1 | 2;
  /** The entry being edited; absent when adding. */
  entry?: ModelEntry | undefined;
  onClose: () => void;
}

const upper = (e: React.ChangeEvent<HTMLInputElement>) => e.target.value.toUpperCase();

/** Adds or edits a shielded model; brand and model are upper-cased as typed. */
export function ModelDialog({ shieldType, entry, onClose }: ModelDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelFormValues>();
  const save = useSaveModel({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('modelControl.saved'));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });
  const initial: Partial<ModelFormValues> = entry
    ? {
        type: entry.type,
        brand: entry.brand,
        model: entry.model,
        protectDefault: String(entry.protectDefault),
        protectNewMarket: String(entry.protectNewMarket),
      }
    : { type: 3 };

  return (
    <Modal
      open
      title={
        entry
          ? t('modelControl.editTitle')
          : t(shieldType === 1 ? 'modelControl.addAdTitle' : 'modelControl.addGlobalTitle')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={520}
    >
      <Form<ModelFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => save.mutate({ ...(entry ? { id: entry.id } : {}), shieldType, ...v })}
      >
        <Form.Item
          name="type"
          label={t('modelControl.field.type')}
          rules={[
            {
              required: true,
              message: t('modelControl.problem.required', { field: t('modelControl.field.type') }),
            },
          ]}
        >
          <Select options={MODEL_TIERS.map((value) => ({ value, label: t(`modelControl.tier.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="brand"
          label={t('modelControl.field.brand')}
          rules={modelRules.brand(t)}
          getValueFromEvent={upper}
          extra={t('modelControl.brandHint')}
        >
          <Input
            maxLength={MODEL_CONTROL_LIMITS.brandMax}
            autoComplete="off"
            autoFocus
            placeholder="SAMSUNG"
          />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('modelControl.field.model')}
          rules={modelRules.model(t)}
          getValueFromEvent={upper}
          extra={t('modelControl.modelHint')}
        >
          <Input maxLength={MODEL_CONTROL_LIMITS.modelMax} autoComplete="off" placeholder="SMG991B" />
        </Form.Item>
        <Form.Item
          name="protectDefault"
          label={t('modelControl.field.protectDefault')}
          rules={modelRules.protect(t, 'protectDefault')}
          extra={t('modelControl.protectHint')}
        >
          <Input inputMode="numeric" maxLength={3} suffix={t('modelControl.months')} />
        </Form.Item>
        <Form.Item
          name="protectNewMarket"
          label={t('modelControl.field.protectNewMarket')}
          rules={modelRules.protect(t, 'protectNewMarket')}
        >
          <Input inputMode="numeric" maxLength={3} suffix={t('modelControl.months')} />
        </Form.Item>
        <EnterSubmit />
      </Form>
    </Modal>
  );
}
