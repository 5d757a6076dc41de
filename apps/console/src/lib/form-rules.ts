import { type Rule } from 'antd/es/form';
import { type TFunction } from 'i18next';
import { Email, LIMITS, PASSWORD_PATTERN } from '@beacon/shared';

/** E-mail: required and valid by the shared Email schema. */
export function emailRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('form.emailRequired') },
    {
      validator: (_rule, value: unknown) =>
        !value || Email.safeParse(value).success
          ? Promise.resolve()
          : Promise.reject(new Error(t('form.emailInvalid'))),
    },
  ];
}

/** Password by PASSWORD_PATTERN; optional when editing an account that already has one. */
export function passwordRules(t: TFunction, required = true): Rule[] {
  return [
    { required, message: t('form.passwordRequired') },
    {
      pattern: PASSWORD_PATTERN,
      message: t('form.passwordRule', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
    },
  ];
}

/** Confirmation equal to the field `other`. */
export function confirmRules(t: TFunction, other: string): Rule[] {
  return [
    { required: true, message: t('form.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || getFieldValue(other) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('form.confirmMismatch'))),
    }),
  ];
}
