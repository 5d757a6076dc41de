import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A CSV download: a same-origin GET link (the session cookie goes along), the file named by the server. */
export function CsvLink({ href, testId }: { href: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button icon={<DownloadOutlined />} href={href} download data-testid={testId}>
      {t('statisticsAdmin.download')}
    </Button>
  );
}
