import { Alert, Button, Card, Flex, Input, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_LIMITS, completeConditions, type ConditionDraft, type UserGroup } from '@beacon/shared';
import { ConditionBuilder, type ConditionDictionaries } from '../../../components/condition-builder';
import { showFormError } from '../../../lib/form-errors';
import { useSaveUserGroup } from '../api/save-user-group';
import { AudienceSize } from './audience-size';
import { Form } from '../../../components/form';

interface UserGroupFormProps {
  appId: number;
  group?: UserGroup | undefined;
  dictionaries: ConditionDictionaries;
  onDone: () => void;
}

interface Values {
  name: string;
  description: string;
  open: boolean;
}

const snapshot = (v: Values, rows: ConditionDraft[]) =>
  JSON.stringify({
    name: v.name.trim(),
    description: v.description.trim(),
    open: v.open,
    conditions: completeConditions(rows),
  });

/** Creates or edits a user group: name, description, open switch, conditions with their live size. */
export function UserGroupForm({ appId, group, dictionaries, onDone }: UserGroupFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const initial: Values = {
    name: group?.name ?? '',
    description: group?.description ?? '',
    open: group?.open ?? true,
  };
  const [rows, setRows] = useState<ConditionDraft[]>(group?.conditions.length ? group.conditions : [{}]);
  const watched = Form.useWatch([], form) as Values | undefined;
  const current = { ...initial, ...watched };
  const conditions = useMemo(() => completeConditions(rows), [rows]);
  const initialSnapshot = useMemo(() => snapshot(initial, group?.conditions ?? []), [group]); // eslint-disable-line react-hooks/exhaustive-deps
  const changed = snapshot(current, rows) !== initialSnapshot;
  const save = useSaveUserGroup({
    mutationConfig: { onSuccess: onDone, onError: (error) => showFormError(form, error) },
  });

  const handleFinish = (values: Values) => {
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      open: values.open,
      conditions,
    };
    save.mutate(group ? { appId, id: group.id, ...body } : { appId, ...body });
  };

  return (
    <Card variant="borderless" title={group ? t('userGroups.editTitle') : t('userGroups.newTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={handleFinish}
        style={{ maxWidth: 960 }}
      >
        <Form.Item
          name="name"
          label={t('userGroups.name')}
          rules={[
            { required: true, whitespace: true, message: t('userGroups.nameRequired') },
            {
              max: AUDIENCE_LIMITS.groupNameMax,
              message: t('userGroups.nameMax', { max: AUDIENCE_LIMITS.groupNameMax }),
            },
          ]}
        >
          <Input
            id="name"
            maxLength={AUDIENCE_LIMITS.groupNameMax}
            showCount
            placeholder={t('userGroups.namePlaceholder')}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('userGroups.description')}
          rules={[{ max: AUDIENCE_LIMITS.groupDescriptionMax }]}
        >
          <Input.TextArea
            id="description"
            maxLength={AUDIENCE_LIMITS.groupDescriptionMax}
            showCount
            rows={2}
            style={{ maxWidth: 620 }}
          />
        </Form.Item>
        <Form.Item
          name="open"
          label={t('userGroups.openLabel')}
          valuePropName="checked"
          extra={t('userGroups.openHint')}
        >
          <Switch id="open" />
        </Form.Item>
        <Form.Item
          label={t('userGroups.conditions')}
          required
          extra={<Typography.Text type="secondary">{t('userGroups.conditionsHint')}</Typography.Text>}
        >
          <ConditionBuilder value={rows} onChange={setRows} dictionaries={dictionaries} />
        </Form.Item>
        {!dictionaries.advancedTargeting && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('userGroups.advancedOff')} />
        )}
        <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
          <AudienceSize appId={appId} conditions={conditions} />
          <Flex gap={8}>
            <Button onClick={onDone}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              disabled={!changed || conditions.length === 0}
            >
              {group ? t('common.save') : t('userGroups.create')}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
