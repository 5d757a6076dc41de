import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORBID_LIMITS } from '@beacon/shared';
import { showFormError } from '../../../lib/form-errors';
import { useAddBannedCountries } from '../api/add-banned-countries';
import type { BanTarget } from '../api/get-banned-countries';
import { CountryPicker } from './country-picker';
import { Form } from '../../../components/form';

interface AddCountriesDialogProps {
  target: BanTarget;
  /** What the ban applies to, for the title: an app's name, or undefined for every app. */
  appTitle?: string;
  banned: ReadonlySet<string>;
  onClose: () => void;
}

/** Picks one or more countries (required) and bans them for the app, or for every app. */
export function AddCountriesDialog({ target, appTitle, banned, onClose }: AddCountriesDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ countryCodes: string[] }>();
  const add = useAddBannedCountries({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: (result) => {
        void message.success(t('finework.countries.added', { count: result.added.length }));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });
  return (
    <Modal
      open
      title={
        appTitle === undefined
          ? t('finework.countries.addPlatformTitle')
          : t('finework.countries.addTitle', { app: appTitle })
      }
      okText={t('finework.countries.ban')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => add.mutate({ target, countryCodes: v.countryCodes })}
      >
        <Form.Item
          name="countryCodes"
          label={t('finework.countries.pick')}
          extra={t('finework.countries.pickHint')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('finework.countries.required') },
            {
              type: 'array',
              max: FORBID_LIMITS.countriesPerAdd,
              message: t('finework.countries.tooMany', { max: FORBID_LIMITS.countriesPerAdd }),
            },
          ]}
        >
          <CountryPicker
            multiple
            autoFocus
            ariaLabel={t('finework.countries.pick')}
            placeholder={t('finework.countries.placeholder')}
            disabledCodes={banned}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
