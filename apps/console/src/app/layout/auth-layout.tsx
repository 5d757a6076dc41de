import { Card, Flex, Typography } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { PageSpin } from '../../components/page-spin';

/** Sign-in, registration and password pages: a centered card, no sidebar. */
export default function AuthLayout() {
  return (
    <Flex
      vertical
      style={{
        minHeight: '100vh',
        background: 'radial-gradient(circle at 20% 0%, #e7ecff 0, #f5f7fb 45%, #f5f7fb 100%)',
      }}
    >
      <Flex justify="flex-end" style={{ padding: '16px 24px' }}>
        <LanguagePicker />
      </Flex>
      <Flex vertical align="center" justify="center" style={{ flex: 1, padding: '0 16px 48px' }}>
        <div style={{ marginBottom: 24 }}>
          <Logo size={40} />
        </div>
        <Card
          style={{ width: '100%', maxWidth: 420, boxShadow: '0 8px 28px rgba(31, 42, 68, 0.08)' }}
          styles={{ body: { padding: 32 } }}
        >
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Card>
        <Typography.Text type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
          © {new Date().getFullYear()} Beacon
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
