import { AppstoreAddOutlined, AppstoreOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type SwitcherAction = 'new' | 'all';

const TARGETS: Record<SwitcherAction, string> = { new: '/dashboard?act=new', all: '/dashboard' };

/** The header's app switcher; the app list joins it when apps arrive. */
export function ProjectSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Select<SwitcherAction>
      data-testid="project-switcher"
      aria-label={t('header.projectSwitcher')}
      value={null}
      placeholder={t('header.noApp')}
      style={{ width: 220 }}
      popupMatchSelectWidth={false}
      onChange={(action) => void navigate(TARGETS[action])}
      options={[
        { value: 'new', label: <span><AppstoreAddOutlined /> {t('header.newProject')}</span> },
        { value: 'all', label: <span><AppstoreOutlined /> {t('header.checkAll')}</span> },
      ]}
    />
  );
}
