import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { LANGUAGE_NAMES, LANGUAGES, parseLanguage, DEFAULT_LANGUAGE, type Language } from '../i18n/language';

/** en / zh / fr; the choice is stored locally. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const value = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <Select<Language>
      data-testid="lang-picker"
      aria-label={t('common.language')}
      value={value}
      onChange={setLanguage}
      variant="borderless"
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
      style={{ minWidth: 120 }}
    />
  );
}
