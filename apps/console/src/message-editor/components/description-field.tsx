import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS } from '@beacon/shared';
import { type MessageKind } from '../lib/message-kind';
import { type FieldRule } from './use-field-rule';

/** The message's name in lists (`title`, ≤ 100): "Message name" of a notification, "Description" of a cross one. */
export function DescriptionField({ rule, kind }: { rule: FieldRule; kind: MessageKind }) {
  const { t } = useTranslation();
  const base = kind === 'notification' ? 'compose' : 'compose.cross';
  return (
    <Form.Item
      name="description"
      label={t(`${base}.fields.description`)}
      extra={t(`${base}.hints.description`)}
      rules={[rule(['description'])]}
      required
    >
      <Input
        maxLength={MESSAGE_LIMITS.descriptionMax}
        showCount
        placeholder={t(`${base}.placeholders.description`)}
      />
    </Form.Item>
  );
}
