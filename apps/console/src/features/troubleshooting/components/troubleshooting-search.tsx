import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAID_PATTERN, InstanceType } from '@beacon/shared';
import { Form } from '../../../components/form';

interface TroubleshootingSearchProps {
  type: number;
  initialId: string;
  loading: boolean;
  onTypeChange: (type: number) => void;
  onSearch: (id: string) => void;
}

const TYPE_OPTIONS = [{ value: InstanceType.GAID, label: 'GAID' }];

/** The id type (GAID only) and the id; search stays disabled until the id is well formed. */
export function TroubleshootingSearch({
  type,
  initialId,
  loading,
  onTypeChange,
  onSearch,
}: TroubleshootingSearchProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialId);
  const [shownInitial, setShownInitial] = useState(initialId);
  // the URL changed under us (back button, link): show its id
  if (initialId !== shownInitial) {
    setShownInitial(initialId);
    setValue(initialId);
  }
  const id = value.trim();
  const valid = GAID_PATTERN.test(id);
  const malformed = id !== '' && !valid;
  const handleSubmit = () => {
    if (valid) onSearch(id);
  };

  return (
    <Form layout="vertical" onFinish={handleSubmit} style={{ maxWidth: 720 }}>
      <Form.Item
        label={t('troubleshooting.idLabel')}
        validateStatus={malformed ? 'warning' : undefined}
        help={malformed ? t('troubleshooting.malformed') : t('troubleshooting.idHelp')}
        style={{ marginBottom: 0 }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Select
            aria-label={t('troubleshooting.type')}
            value={type}
            options={TYPE_OPTIONS}
            onChange={onTypeChange}
            style={{ width: 110 }}
          />
          <Input
            id="instanceId"
            allowClear
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="38400000-8cf0-11bd-b23e-10b96e40000d"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          />
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            disabled={!valid}
            loading={loading}
          >
            {t('troubleshooting.search')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('troubleshooting.privacy')}
      </Typography.Text>
    </Form>
  );
}
