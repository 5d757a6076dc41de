import { Alert, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MarketCountriesCard } from './market-countries-card';
import { ModelsList } from './models-list';

/** The "mobile models" tab of /platformsettings: ad shielding and global shielding lists, and the market countries. */
export default function ModelsTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const shieldType = search.get('list') === 'global' ? 2 : 1;
  return (
    <div>
      <Segmented
        style={{ marginBottom: 12 }}
        value={shieldType}
        onChange={(value) =>
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.set('list', value === 2 ? 'global' : 'ad');
            next.delete('q');
            next.delete('page');
            return next;
          })
        }
        options={[
          { value: 1, label: t('modelControl.adList') },
          { value: 2, label: t('modelControl.globalList') },
        ]}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(shieldType === 1 ? 'modelControl.adHint' : 'modelControl.globalHint')}
      />
      <ModelsList key={shieldType} shieldType={shieldType} />
      <MarketCountriesCard />
    </div>
  );
}
