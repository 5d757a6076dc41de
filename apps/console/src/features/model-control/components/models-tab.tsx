import { Alert, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { MarketCountriesCard } from './market-countries-card';
import { ModelsList } from './models-list';

/** The "mobile models" tab of /platformsettings: ad shielding and global shielding lists, and the market countries. */
export default function ModelsTab() {
  const { t } = useTranslation();
  const [search, update] = useSearchParamsPatch();
  const shieldType = search.get('list') === 'global' ? 2 : 1;
  return (
    <div>
      <Segmented
        style={{ marginBottom: 12 }}
        value={shieldType}
        onChange={(value) => update({ list: value === 2 ? 'global' : 'ad', q: undefined, page: undefined })}
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
