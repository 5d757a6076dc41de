import { Card, Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_LIMITS } from '@beacon/shared';
import { type FieldRule } from '../../../message-editor';
import { CountryPicker } from '../../forbid';
import { type MaterialValues } from '../lib/material-values';

/**
 * The material's own fields (spec §2 Material create): what it holds (a notification — its design picks system or
 * button design below — or a cross message; fixed once saved), its description, attribute and national attributes
 * (two country lists; a country is in one at most).
 */
export function MaterialFields({ rule, editing }: { rule: FieldRule; editing: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MaterialValues>();
  const push = Form.useWatch('pushCountrySet', form) as string[] | undefined;
  const notPush = Form.useWatch('notPushCountrySet', form) as string[] | undefined;
  // each list's countries cannot be picked in the other
  const pushSet = useMemo(() => new Set(push ?? []), [push]);
  const notPushSet = useMemo(() => new Set(notPush ?? []), [notPush]);
  return (
    <Card title={t('materials.form.material')} variant="borderless" id="material-fields">
      <Form.Item
        name="materialKind"
        label={t('materials.fields.type')}
        extra={t(editing ? 'materials.form.typeLocked' : 'materials.form.typeHint')}
      >
        <Radio.Group
          optionType="button"
          disabled={editing}
          options={[
            { value: 'notification', label: t('materials.kinds.notification') },
            { value: 'cross', label: t('materials.kinds.cross') },
          ]}
          data-testid="material-kind"
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('materials.fields.description')}
        rules={[rule(['description'])]}
        required
      >
        <Input
          maxLength={MATERIAL_LIMITS.descriptionMax}
          showCount
          placeholder={t('materials.form.descriptionPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="attribute"
        label={t('materials.fields.attribute')}
        extra={t('materials.form.attributeHint')}
        rules={[rule(['attribute'])]}
      >
        <Input maxLength={MATERIAL_LIMITS.attributeMax} showCount />
      </Form.Item>
      <Form.Item
        name="pushCountrySet"
        label={t('materials.fields.push')}
        extra={t('materials.form.pushHint')}
        rules={[rule(['pushCountrySet'])]}
      >
        <CountryPicker
          multiple
          ariaLabel={t('materials.fields.push')}
          placeholder={t('materials.form.everyCountry')}
          disabledCodes={notPushSet}
        />
      </Form.Item>
      <Form.Item
        name="notPushCountrySet"
        label={t('materials.fields.notPush')}
        extra={t('materials.form.notPushHint')}
        dependencies={['pushCountrySet']}
        rules={[rule(['notPushCountrySet'])]}
      >
        <CountryPicker
          multiple
          ariaLabel={t('materials.fields.notPush')}
          placeholder={t('materials.form.noCountry')}
          disabledCodes={pushSet}
        />
      </Form.Item>
    </Card>
  );
}
