import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canChangeOwnPassword, UserSource, type SessionUser } from '@beacon/shared';
import { navigateExternal } from '../../../lib/navigation';
import { useSystemInfo } from '../../system';
import { useLogout } from '../api/logout';
import { ChangePasswordDialog } from './change-password-dialog';

/** The header's account menu: who is signed in, password change (local accounts) and sign-out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const { data: info } = useSystemInfo();
  const logout = useLogout({
    mutationConfig: {
      onSettled: (url) => {
        if (url && navigateExternal(url)) return;
        void navigate('/login', { replace: true });
      },
    },
  });
  const localPart = user.email.split('@')[0] ?? user.email;

  const items: MenuProps['items'] = [
    { key: 'who', label: <Typography.Text type="secondary">{user.email}</Typography.Text>, disabled: true },
    { type: 'divider' },
    ...(canChangeOwnPassword(user.source)
      ? [{ key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setChanging(true);
    if (key === 'logout')
      logout.mutate({ sso: user.source === UserSource.INTERNAL && Boolean(info?.ssoEnabled) });
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <a
          data-testid="user-menu"
          role="button"
          tabIndex={0}
          onClick={(e) => e.preventDefault()}
          style={{ color: 'inherit' }}
        >
          <Space size={8}>
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#4c6ef5' }} />
            <span>{localPart}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </a>
      </Dropdown>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
