import { AppstoreOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS, type SessionUser } from '@beacon/shared';
import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { HEADER_HEIGHT } from '../../lib/layout-sizes';
import { useWindowWidth } from '../../lib/use-window-width';
import { ProjectSwitcher } from '../../features/apps/components/project-switcher';
import { UserMenu } from '../../features/auth/components/user-menu';
import { SandboxTag } from '../../features/system/components/sandbox-tag';
import { AlertBell } from '../../features/alerts/components/alert-bell';

export { HEADER_HEIGHT };

/** The top bar of every signed-in page. */
export function AppHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const wide = useWindowWidth() > LIMITS.topBarExtrasMinPx;
  return (
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: '0 20px',
        background: '#fff',
        borderBottom: '1px solid #eef0f4',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Flex align="center" gap={12}>
          <Link to="/dashboard" aria-label={t('header.home')} style={{ display: 'flex' }}>
            <Logo size={28} />
          </Link>
          <Divider orientation="vertical" style={{ height: 24 }} />
          <Link to="/dashboard">
            <Button type="text" icon={<AppstoreOutlined />}>
              {t('header.apps')}
            </Button>
          </Link>
          <ProjectSwitcher />
        </Flex>
        <Flex align="center" gap={12}>
          <SandboxTag />
          <AlertBell ulevel={user.ulevel} />
          {wide && (
            <>
              <a href="/tcm/docs" target="_blank" rel="noreferrer">
                <Button type="text" icon={<ReadOutlined />}>
                  {t('header.docs')}
                </Button>
              </a>
              <LanguagePicker />
            </>
          )}
          <UserMenu user={user} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
