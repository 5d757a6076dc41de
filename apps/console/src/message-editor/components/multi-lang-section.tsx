import { TranslationOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Select, Switch, Tabs, Tooltip, Typography } from 'antd';
import { FormContext, type FormContextProps } from 'antd/es/form/context';
import { useContext, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS, type DictEntry } from '@beacon/shared';
import { type ComposeValues } from '../lib/compose-values';
import { type FieldRule } from './use-field-rule';
import { useLangTranslate, type TranslateTarget } from './use-lang-translate';

type Lang = 'en' | 'zh' | 'fr';

/** The fallback of an unset list: one array, so that the memoised tabs below see no change where nothing changed. */
const NONE: never[] = [];

/** Picking a top-level language adds its regional variants (codes with an underscore), part 2 §4. */
export function withVariants(picked: string[], previous: string[], all: string[]): string[] {
  const added = picked.filter((c) => !previous.includes(c) && !c.includes('_'));
  const variants = all.filter((c) => added.some((a) => c.startsWith(`${a}_`)));
  return [...new Set([...picked, ...variants])];
}

interface MultiLangSectionProps {
  rule: FieldRule;
  languages: DictEntry[];
  /** Machine translation from the main content (the app and where it started); without it, no translate buttons. */
  translate?: TranslateTarget | undefined;
}

/** A translate button: disabled with the reason while AI is not configured, loading while its call is in flight. */
function TranslateButton(props: {
  configured: boolean;
  loading: boolean;
  busy: boolean;
  label?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const button = (
    <Button
      size="small"
      icon={<TranslationOutlined />}
      aria-label={props.label}
      disabled={!props.configured || (props.busy && !props.loading)}
      loading={props.loading}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
  if (props.configured) return button;
  // a disabled button gets no pointer events: the tooltip listens on its wrapper
  return (
    <Tooltip title={t('ai.notConfigured')}>
      <span style={{ display: 'inline-block' }} data-testid="ai-not-configured">
        {button}
      </span>
    </Tooltip>
  );
}

/** The same keys with the same values, an object-valued key compared by its own values (one level down). */
function sameContext(a: FormContextProps, b: FormContextProps): boolean {
  const keys = Object.keys(b) as Array<keyof FormContextProps>;
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((k) => {
    const x: unknown = a[k];
    const y: unknown = b[k];
    if (x === y) return true;
    if (!x || !y || typeof x !== 'object' || typeof y !== 'object') return false;
    const xs = x as Record<string, unknown>;
    const ys = y as Record<string, unknown>;
    const inner = Object.keys(ys);
    return Object.keys(xs).length === inner.length && inner.every((i) => xs[i] === ys[i]);
  });
}

/**
 * antd's form context, given to `children` anew only when what it holds changes. antd's Form makes a new one on every
 * render (its merged tooltip is a new object each time), and every Form.Item below re-renders with it, memoised or
 * not. The compose form renders on every keystroke (its preview watches every value): with 196 languages' fields
 * below, each keystroke re-rendered them all.
 */
function SteadyFormContext({ children }: { children: ReactNode }) {
  const value = useContext(FormContext);
  const kept = useRef(value);
  if (!sameContext(kept.current, value)) kept.current = value;
  return <FormContext.Provider value={kept.current}>{children}</FormContext.Provider>;
}

/** One language's title and text (and expanded text, button, extra-button texts by design). */
function LanguageFields(props: {
  code: string;
  rule: FieldRule;
  design: number;
  exType: number;
  buttons: NonNullable<ComposeValues['buttons']>;
  translate: ReactNode;
}) {
  const { t } = useTranslation();
  const { code, rule, design, exType, buttons } = props;
  return (
    <>
      {props.translate}
      <Form.Item
        name={['langContent', code, 'title']}
        label={t('compose.fields.title')}
        rules={[rule(['langContent', code, 'title'])]}
        required
      >
        <Input maxLength={MESSAGE_LIMITS.titleMax} showCount />
      </Form.Item>
      <Form.Item
        name={['langContent', code, 'desc']}
        label={t('compose.fields.desc')}
        rules={[rule(['langContent', code, 'desc'])]}
        required
      >
        <Input.TextArea maxLength={MESSAGE_LIMITS.descMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      {design === 1 && exType === 2 && (
        <Form.Item
          name={['langContent', code, 'extra']}
          label={t('compose.fields.exText')}
          rules={[rule(['langContent', code, 'extra'])]}
        >
          <Input.TextArea
            maxLength={MESSAGE_LIMITS.expandedTextMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
      )}
      {design === 3 && (
        <Form.Item
          name={['langContent', code, 'button']}
          label={t('compose.fields.button')}
          rules={[rule(['langContent', code, 'button'])]}
        >
          <Input maxLength={MESSAGE_LIMITS.buttonMax} showCount />
        </Form.Item>
      )}
      {buttons.map((b, i) => (
        <Form.Item
          key={i}
          name={['langContent', code, 'buttonExtra', i]}
          label={t('compose.multiLang.buttonText', { n: i + 1, text: b.txt })}
          rules={[rule(['langContent', code, 'buttonExtra', i])]}
          required
        >
          <Input maxLength={MESSAGE_LIMITS.extraButtonTextMax} />
        </Form.Item>
      ))}
    </>
  );
}

/**
 * The languages found by what is typed, the closest first: its code itself ("fr" → French before Afrikaans, whose
 * label holds "fr" too), then the codes it begins, then the names it begins, then the rest in the dictionary's order.
 */
function languageRank(option: { value: string; label: string }, typed: string): number {
  const q = typed.trim().toLowerCase();
  if (!q) return 0;
  const code = option.value.toLowerCase();
  if (code === q) return 0;
  if (code.startsWith(q)) return 1;
  return option.label.toLowerCase().startsWith(q) ? 2 : 3;
}
const LANGUAGE_SEARCH = {
  optionFilterProp: 'label',
  filterSort: (
    a: { value: string; label: string },
    b: { value: string; label: string },
    info: { searchValue: string },
  ) => languageRank(a, info.searchValue) - languageRank(b, info.searchValue),
};

/** Per-language title and text (and expanded text, button, extra-button texts by design), with the translation warning. */
export function MultiLangSection({ rule, languages, translate }: MultiLangSectionProps) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const enabled = Form.useWatch('multiLang', form) ?? false;
  const chosen: string[] = Form.useWatch('languages', form) ?? NONE;
  const design = Form.useWatch('design', form) ?? 1;
  const exType = Form.useWatch('exType', form) ?? 1;
  const buttons: NonNullable<ComposeValues['buttons']> = Form.useWatch('buttons', form) ?? NONE;
  const lang: Lang = i18n.language.startsWith('zh') ? 'zh' : i18n.language.startsWith('fr') ? 'fr' : 'en';
  const options = useMemo(
    () => languages.map((l) => ({ value: l.code, label: `${l.name[lang] || l.name.en} (${l.code})` })),
    [languages, lang],
  );
  const codes = useMemo(() => options.map((o) => o.value), [options]);
  const nameOf = useMemo(() => {
    const names = new Map(options.map((o) => [o.value, o.label]));
    return (code: string) => names.get(code) ?? code;
  }, [options]);
  // read on every render, which is every keystroke of the form: a set, not a scan of the chosen list per language
  const allChosen = useMemo(() => {
    const picked = new Set(chosen);
    return codes.length > 0 && codes.every((c) => picked.has(c));
  }, [codes, chosen]);
  const ai = useLangTranslate(translate);
  // the buttons of the memoised tabs call the latest translate functions, not those of the render that built them
  const aiNow = useRef(ai);
  aiNow.current = ai;
  // Each chosen language's fields, built again only when what they show changes. The forms around this section
  // re-render on every keystroke (their preview watches every value): with "All languages" (196 in the dictionary)
  // rebuilding every language's fields took 850 ms a keystroke (Chromium, an unminified build; 160 ms with this and
  // SteadyFormContext). A field still updates on its own: antd's Form.Item follows its value in the form's store.
  const tabs = useMemo(
    () => (
      <Tabs
        size="small"
        tabBarExtraContent={
          ai.enabled && (
            <TranslateButton
              configured={ai.configured}
              loading={ai.pending === '*'}
              busy={ai.pending !== null}
              onClick={() => void aiNow.current.translateAll(chosen)}
            >
              {t('ai.translate.all')}
            </TranslateButton>
          )
        }
        items={chosen.map((code) => ({
          key: code,
          label: nameOf(code),
          forceRender: true,
          children: (
            <LanguageFields
              code={code}
              rule={rule}
              design={design}
              exType={exType}
              buttons={buttons}
              translate={
                ai.enabled && (
                  <Flex justify="end" style={{ marginBottom: 8 }}>
                    <TranslateButton
                      configured={ai.configured}
                      loading={ai.pending === code}
                      busy={ai.pending !== null}
                      label={t('ai.translate.oneLabel', { lang: nameOf(code) })}
                      onClick={() => void aiNow.current.translateOne(code)}
                    >
                      {t('ai.translate.one')}
                    </TranslateButton>
                  </Flex>
                )
              }
            />
          ),
        }))}
      />
    ),
    [chosen, nameOf, rule, design, exType, buttons, ai.enabled, ai.configured, ai.pending, t],
  );

  return (
    <>
      <Form.Item
        name="multiLang"
        label={t('compose.fields.multiLang')}
        valuePropName="checked"
        extra={t('compose.hints.multiLang')}
      >
        <Switch />
      </Form.Item>
      {enabled && (
        <>
          <Form.Item
            label={t('compose.fields.languages')}
            required
            extra={t('compose.hints.languages', { max: MESSAGE_LIMITS.languagesMax })}
          >
            <Flex gap={8} align="start">
              <Form.Item
                name="languages"
                noStyle
                rules={[rule(['languages'])]}
                getValueFromEvent={(next: string[]) => withVariants(next, chosen, codes)}
              >
                <Select
                  mode="multiple"
                  aria-label={t('compose.fields.languages')}
                  options={options}
                  showSearch={LANGUAGE_SEARCH}
                  maxTagCount={6}
                  maxCount={MESSAGE_LIMITS.languagesMax}
                  style={{ flex: 1 }}
                  placeholder={t('compose.placeholders.languages')}
                />
              </Form.Item>
              {/* "All languages" only when the dictionary (once loaded) fits in a message; else "Clear" once some are chosen */}
              {allChosen || (codes.length > MESSAGE_LIMITS.languagesMax && chosen.length > 0) ? (
                <Button onClick={() => form.setFieldValue('languages', [])}>
                  {t('compose.multiLang.none')}
                </Button>
              ) : (
                codes.length > 0 &&
                codes.length <= MESSAGE_LIMITS.languagesMax && (
                  <Button onClick={() => form.setFieldValue('languages', codes)}>
                    {t('compose.multiLang.all')}
                  </Button>
                )
              )}
            </Flex>
          </Form.Item>
          {chosen.length > 0 && (
            <>
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                message={t('compose.multiLang.warning')}
              />
              <SteadyFormContext>{tabs}</SteadyFormContext>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('compose.multiLang.fallback')}
              </Typography.Text>
            </>
          )}
        </>
      )}
    </>
  );
}

/** The languages card of a message form (compose, material, A/B arm, journey step); `cardId` is its anchor. */
export function LanguagesCard({ cardId, ...props }: MultiLangSectionProps & { cardId?: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('compose.sections.languages')} variant="borderless" id={cardId}>
      <MultiLangSection {...props} />
    </Card>
  );
}
