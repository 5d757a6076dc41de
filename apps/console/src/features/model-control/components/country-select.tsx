import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes, countryName } from '@beacon/shared';

interface CountrySelectProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Codes that may not be picked here (they are in the other list). */
  disabledCodes?: ReadonlySet<string>;
  ariaLabel: string;
}

export const consoleLang = (language: string): 'en' | 'zh' | 'fr' =>
  language.startsWith('zh') ? 'zh' : language.startsWith('fr') ? 'fr' : 'en';

/** A searchable multi-select of every country (names in the console language, codes searchable too). */
export function CountrySelect({ value, onChange, disabledCodes, ariaLabel }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const lang = consoleLang(i18n.language);
  const options = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return countryCodes()
      .map((code) => ({
        value: code,
        label: `${countryName(code, lang)} (${code})`,
        disabled: disabledCodes?.has(code) ?? false,
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [lang, disabledCodes]);
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      placeholder={t('modelControl.countries.pick')}
      value={value ?? []}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      maxTagCount="responsive"
    />
  );
}
