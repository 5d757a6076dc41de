import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes, countryName } from '@beacon/shared';

/** The console language as the dictionaries name it. */
export const dictionaryLang = (language: string): 'en' | 'zh' | 'fr' =>
  language.startsWith('zh') ? 'zh' : language.startsWith('fr') ? 'fr' : 'en';

type CountryPickerProps = {
  ariaLabel: string;
  placeholder?: string;
  /** Codes shown but not selectable (already banned). */
  disabledCodes?: ReadonlySet<string>;
  autoFocus?: boolean;
  id?: string;
} & (
  | { multiple: true; value?: string[]; onChange?: (value: string[]) => void }
  | { multiple?: false; value?: string; onChange?: (value: string) => void }
);

/** A searchable picker of the dictionary's countries: names in the console language, codes searchable too. */
export function CountryPicker(props: CountryPickerProps) {
  const { i18n } = useTranslation();
  const lang = dictionaryLang(i18n.language);
  const { disabledCodes } = props;
  const options = useMemo(() => {
    const collator = new Intl.Collator(lang === 'zh' ? 'zh-Hans' : lang);
    return countryCodes()
      .map((code) => ({
        value: code,
        label: `${countryName(code, lang)} (${code})`,
        disabled: disabledCodes?.has(code) ?? false,
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [lang, disabledCodes]);
  const common = {
    id: props.id,
    showSearch: true,
    allowClear: true,
    autoFocus: props.autoFocus,
    'aria-label': props.ariaLabel,
    placeholder: props.placeholder,
    style: { width: '100%' },
    options,
    optionFilterProp: 'label',
  };
  return props.multiple ? (
    <Select<string[]>
      {...common}
      mode="multiple"
      value={props.value ?? []}
      onChange={props.onChange}
      maxTagCount="responsive"
    />
  ) : (
    <Select<string> {...common} value={props.value} onChange={props.onChange} />
  );
}
