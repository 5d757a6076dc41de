import { ExperimentOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '../api/get-system-info';

/** "Sandbox" in the header when the server sends through its built-in FCM emulator. */
export function SandboxTag() {
  const { t } = useTranslation();
  const { data } = useSystemInfo();
  if (!data?.sandbox) return null;
  return (
    <Tooltip title={t('header.sandboxHint')}>
      <Tag
        icon={<ExperimentOutlined />}
        color="orange"
        style={{ marginInlineEnd: 0, cursor: 'help' }}
        data-testid="sandbox-tag"
      >
        {t('header.sandbox')}
      </Tag>
    </Tooltip>
  );
}
