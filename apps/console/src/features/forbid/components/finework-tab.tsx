import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINEWORK_PATHS } from '@beacon/shared';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { AuditButton } from '../../audit';
import type { BanTarget } from '../api/get-banned-countries';
import { useFineworkSummary } from '../api/get-finework-summary';
import { BannedCountriesCard } from './banned-countries-card';
import { BannedTimesCard } from './banned-times-card';
import { dictionaryLang } from './country-picker';
import { FineworkOverview } from './finework-overview';
import { FineworkTargetSelect } from './finework-target-select';

/** `?app=`: an app id, `platform`, or nothing (the overview). */
function parseTarget(raw: string | null): BanTarget | undefined {
  if (raw === 'platform') return null;
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** The "fine-work" tab of /platformsettings (levels 100 and 150): banned countries and banned time windows. */
export default function FineworkTab() {
  const { t, i18n } = useTranslation();
  const [search, update] = useSearchParamsPatch();
  const target = parseTarget(search.get('app'));
  const summary = useFineworkSummary();
  const apps = summary.data?.apps ?? [];
  const app = typeof target === 'number' ? apps.find((a) => a.appId === target) : undefined;
  const lang = dictionaryLang(i18n.language);
  const forOneApp = typeof target === 'number';
  const downloadHref = (path: string) =>
    `${path}?${new URLSearchParams({ ...(forOneApp ? { appId: String(target) } : {}), lang }).toString()}`;

  const setTarget = (next: BanTarget | undefined) =>
    update({ app: next === undefined ? undefined : next === null ? 'platform' : String(next) });

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('finework.intro')} />
      <Flex justify="space-between" gap={12} wrap>
        <FineworkTargetSelect
          value={target}
          onChange={setTarget}
          apps={apps}
          platformCountries={summary.data?.platformCountries ?? 0}
          loading={summary.isLoading}
        />
        <Flex gap={8} wrap>
          <Tooltip title={forOneApp ? t('finework.downloadAppHint') : t('finework.downloadAllHint')}>
            <Button icon={<DownloadOutlined />} href={downloadHref(FINEWORK_PATHS.countryDownload)} download>
              {t('finework.downloadCountries')}
            </Button>
          </Tooltip>
          <Tooltip title={forOneApp ? t('finework.downloadAppHint') : t('finework.downloadAllHint')}>
            <Button icon={<DownloadOutlined />} href={downloadHref(FINEWORK_PATHS.timeDownload)} download>
              {t('finework.downloadTimes')}
            </Button>
          </Tooltip>
          <AuditButton area="forbid" />
        </Flex>
      </Flex>
      {target === undefined ? (
        <FineworkOverview
          apps={apps}
          platformCountries={summary.data?.platformCountries ?? 0}
          loading={summary.isLoading}
          onOpen={setTarget}
        />
      ) : target === null ? (
        <BannedCountriesCard target={null} />
      ) : app ? (
        <>
          <BannedCountriesCard key={`c${app.appId}`} target={app.appId} appTitle={app.title} />
          <BannedTimesCard key={`t${app.appId}`} appId={app.appId} appTitle={app.title} />
        </>
      ) : summary.isLoading ? null : (
        <Result
          status="404"
          title={t('finework.unknownApp')}
          extra={<Button onClick={() => setTarget(undefined)}>{t('finework.backToOverview')}</Button>}
        />
      )}
    </Flex>
  );
}
