import { GlobalOutlined } from '@ant-design/icons';
import { Avatar, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FineworkAppSummary } from '@beacon/shared';
import type { BanTarget } from '../api/get-banned-countries';

interface FineworkTargetSelectProps {
  value: BanTarget | undefined;
  onChange: (value: BanTarget | undefined) => void;
  apps: FineworkAppSummary[];
  platformCountries: number;
  loading: boolean;
}

const PLATFORM = 'platform';

/** Whose bans to edit: every app (platform-wide countries) or one app, searchable by title or package. */
export function FineworkTargetSelect({
  value,
  onChange,
  apps,
  platformCountries,
  loading,
}: FineworkTargetSelectProps) {
  const { t } = useTranslation();
  const counts = (countries: number, windows?: number) =>
    [
      countries > 0 ? t('finework.countCountries', { count: countries }) : '',
      windows ? t('finework.countWindows', { count: windows }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  const options = [
    {
      value: PLATFORM,
      search: t('finework.platformOption'),
      label: (
        <Space>
          <Avatar size={20} shape="square" icon={<GlobalOutlined />} />
          {t('finework.platformOption')}
          <Typography.Text type="secondary">{counts(platformCountries)}</Typography.Text>
        </Space>
      ),
    },
    ...apps.map((a) => ({
      value: String(a.appId),
      search: `${a.title} ${a.pkg}`,
      label: (
        <Space>
          <Avatar size={20} shape="square" src={a.logo || undefined}>
            {a.title.slice(0, 1)}
          </Avatar>
          {a.title}
          <Typography.Text type="secondary">{a.pkg}</Typography.Text>
          <Typography.Text type="warning">{counts(a.countries, a.windows)}</Typography.Text>
        </Space>
      ),
    })),
  ];
  return (
    <Select
      showSearch
      allowClear
      style={{ width: 460 }}
      aria-label={t('finework.target')}
      placeholder={t('finework.pickTarget')}
      loading={loading}
      value={value === undefined ? undefined : value === null ? PLATFORM : String(value)}
      onChange={(v: string | undefined) =>
        onChange(v === undefined ? undefined : v === PLATFORM ? null : Number(v))
      }
      options={options}
      optionFilterProp="search"
      notFoundContent={t('finework.noApps')}
    />
  );
}
