import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Card, Flex, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIENCE_LIMITS,
  isTagCheckDisabled,
  TAG_CODE_PATTERN,
  TagValidity,
  type Tag,
  type TagFlag,
  type TagValidityValue,
} from '@beacon/shared';
import { showFormError } from '../../../lib/form-errors';
import { reportError } from '../../../lib/error-reporter';
import { useSaveTag } from '../api/save-tag';
import { useVerifyTagCode } from '../api/verify-tag-code';
import { Form } from '../../../components/form';

interface Values {
  name: string;
  nameEn: string;
  desc: string;
  code: string;
  flag: TagFlag;
}

/** Creates or edits a tag; a new tag's code must pass the check (validity 1) before it can be submitted. */
export function TagForm({
  appId,
  tag,
  defaultFlag,
  onDone,
}: {
  appId: number;
  tag?: Tag | undefined;
  defaultFlag?: TagFlag | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = tag !== undefined;
  const [validity, setValidity] = useState<TagValidityValue>(
    editing ? TagValidity.VALID : TagValidity.UNCHECKED,
  );
  const code = (Form.useWatch('code', form) as string | undefined) ?? tag?.code ?? '';
  const verify = useVerifyTagCode();
  const save = useSaveTag({
    mutationConfig: { onSuccess: onDone, onError: (error) => showFormError(form, error) },
  });
  const max = (n: number) => ({ max: n, message: t('tags.maxChars', { max: n }) });

  const handleCheck = () => {
    verify.mutate(
      { appId, code: code.trim() },
      {
        onSuccess: (result) => {
          setValidity(result.validity);
        },
        onError: (error) => reportError(error),
      },
    );
  };
  const handleValuesChange = (changed: Partial<Values>) => {
    if ('code' in changed || 'name' in changed) {
      setValidity(TagValidity.UNCHECKED);
    }
  };
  const handleFinish = (values: Values) =>
    save.mutate({ appId, id: tag?.id, ...values, code: values.code.trim() });
  const canSubmit = editing || validity === TagValidity.VALID;
  // a refused code in the reader's language (the check's reason is the server's English): a malformed one is named by
  // the field's pattern rule already, so the line under it says nothing more; any other is taken by another tag
  const refusal = TAG_CODE_PATTERN.test(code.trim()) ? t('tags.codeTaken') : null;

  return (
    <Card variant="borderless" title={editing ? t('tags.editTitle') : t('tags.newTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 620 }}
        initialValues={{
          name: tag?.name ?? '',
          nameEn: tag?.nameEn ?? '',
          desc: tag?.desc ?? '',
          code: tag?.code ?? '',
          flag: tag?.flag ?? defaultFlag ?? 'LABEL',
        }}
        onValuesChange={handleValuesChange}
        onFinish={handleFinish}
      >
        <Form.Item name="flag" label={t('tags.flag')} extra={t('tags.flagHint')}>
          <Radio.Group
            disabled={editing}
            optionType="button"
            options={[
              { value: 'LABEL', label: t('tags.flagLabel') },
              { value: 'GROUP', label: t('tags.flagGroup') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('tags.name')}
          rules={[
            { required: true, whitespace: true, message: t('tags.nameRequired') },
            max(AUDIENCE_LIMITS.tagNameMax),
          ]}
        >
          <Input id="name" showCount maxLength={AUDIENCE_LIMITS.tagNameMax} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('tags.nameEn')} rules={[max(AUDIENCE_LIMITS.tagNameMax)]}>
          <Input id="nameEn" showCount maxLength={AUDIENCE_LIMITS.tagNameMax} />
        </Form.Item>
        <Form.Item label={t('tags.code')} required extra={t('tags.codeHint')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('tags.codeRequired') },
                max(AUDIENCE_LIMITS.tagCodeMax),
                { pattern: TAG_CODE_PATTERN, message: t('tags.codePattern') },
                {
                  validator: () =>
                    validity === TagValidity.INVALID && refusal
                      ? Promise.reject(new Error(refusal))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input id="code" maxLength={AUDIENCE_LIMITS.tagCodeMax + 1} />
            </Form.Item>
            <Button
              disabled={isTagCheckDisabled({ editing, validity, code, loading: verify.isPending })}
              loading={verify.isPending}
              onClick={handleCheck}
            >
              {t('tags.check')}
            </Button>
          </Space.Compact>
          <div style={{ minHeight: 22, marginTop: 4 }} data-testid="tag-validity">
            {validity === TagValidity.VALID && !editing && (
              <Typography.Text type="success">
                <CheckCircleFilled /> {t('tags.codeValid')}
              </Typography.Text>
            )}
            {validity === TagValidity.INVALID && refusal && (
              <Typography.Text type="danger">
                <CloseCircleFilled /> {refusal}
              </Typography.Text>
            )}
            {validity === TagValidity.UNCHECKED && !editing && (
              <Typography.Text type="secondary">{t('tags.codeUnchecked')}</Typography.Text>
            )}
          </div>
        </Form.Item>
        <Form.Item name="desc" label={t('tags.desc')} rules={[max(AUDIENCE_LIMITS.tagDescriptionMax)]}>
          <Input.TextArea id="desc" rows={3} showCount maxLength={AUDIENCE_LIMITS.tagDescriptionMax} />
        </Form.Item>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" disabled={!canSubmit} loading={save.isPending}>
            {editing ? t('common.save') : t('tags.create')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
