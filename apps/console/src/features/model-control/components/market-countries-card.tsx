import { App, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketCountries, useSaveMarketCountries } from '../api/market-countries';
import { CountrySelect } from './country-select';

/** The new-market and old-market country lists; each is edited and saved on its own. */
export function MarketCountriesCard() {
  const { t } = useTranslation();
  const countries = useMarketCountries();
  return (
    <Card size="small" title={t('modelControl.countries.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('modelControl.countries.hint')}</Typography.Paragraph>
      {countries.data ? (
        <Flex vertical gap={16}>
          <MarketRow
            market={1}
            codes={countries.data.newMarket.map((c) => c.countryCode)}
            other={countries.data.oldMarket.map((c) => c.countryCode)}
          />
          <MarketRow
            market={2}
            codes={countries.data.oldMarket.map((c) => c.countryCode)}
            other={countries.data.newMarket.map((c) => c.countryCode)}
          />
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}

function MarketRow({ market, codes, other }: { market: 1 | 2; codes: string[]; other: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<string[] | undefined>(undefined);
  const save = useSaveMarketCountries({
    mutationConfig: {
      onSuccess: () => {
        setDraft(undefined);
        void message.success(t('modelControl.countries.saved'));
      },
    },
  });
  const value = draft ?? codes;
  const dirty = draft !== undefined && [...draft].sort().join() !== [...codes].sort().join();
  const label = t(market === 1 ? 'modelControl.countries.newMarket' : 'modelControl.countries.oldMarket');
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Text type="secondary">
        {' '}
        — {t(market === 1 ? 'modelControl.countries.newMarketHint' : 'modelControl.countries.oldMarketHint')}
      </Typography.Text>
      <Flex gap={8} style={{ marginTop: 6 }}>
        <CountrySelect ariaLabel={label} value={value} onChange={setDraft} disabledCodes={new Set(other)} />
        <Button
          type="primary"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate({ market, countries: value })}
        >
          {t('common.save')}
        </Button>
        <Button disabled={!dirty} onClick={() => setDraft(undefined)}>
          {t('common.cancel')}
        </Button>
      </Flex>
    </div>
  );
}
