import { AppstoreAddOutlined, AppstoreOutlined } from '@ant-design/icons';
import { Avatar, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { APP_LIMITS } from '@beacon/shared';
import { useApps } from '../api/get-apps';
import { appPath } from '../../../lib/paths';

const TARGETS: Record<string, string> = { new: '/dashboard?act=new', all: '/dashboard' };

/** The header's app switcher: the user's apps by title (searchable), New project and Check all. */
export function ProjectSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useApps({ title: '', pageNo: 1, pageSize: APP_LIMITS.switcherLoad });
  const current = /^\/app\/(\d+)(\/|$)/.exec(pathname)?.[1];
  const apps = data?.results ?? [];
  const known = current !== undefined && apps.some((a) => String(a.appId) === current);

  const handleChange = (value: string) => {
    const target = TARGETS[value];
    void navigate(target ?? appPath(value, 'message/editpush'));
  };

  return (
    <Select<string>
      data-testid="project-switcher"
      aria-label={t('header.projectSwitcher')}
      value={known ? current : null}
      placeholder={t('header.noApp')}
      style={{ width: 240 }}
      popupMatchSelectWidth={280}
      showSearch={{ optionFilterProp: 'title' }}
      onChange={handleChange}
      options={[
        {
          label: t('apps.switcher.actions'),
          options: [
            {
              value: 'new',
              title: t('header.newProject'),
              label: (
                <span>
                  <AppstoreAddOutlined /> {t('header.newProject')}
                </span>
              ),
            },
            {
              value: 'all',
              title: t('header.checkAll'),
              label: (
                <span>
                  <AppstoreOutlined /> {t('header.checkAll')}
                </span>
              ),
            },
          ],
        },
        {
          label: t('apps.switcher.apps'),
          options: apps.map((app) => ({
            value: String(app.appId),
            title: app.title,
            label: (
              <Flex align="center" gap={8}>
                <Avatar
                  shape="square"
                  size={20}
                  src={app.logo || undefined}
                  icon={<AppstoreOutlined />}
                  alt=""
                />
                <span>{app.title}</span>
              </Flex>
            ),
          })),
        },
      ]}
    />
  );
}
