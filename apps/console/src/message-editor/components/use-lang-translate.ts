import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AI_LIMITS,
  ErrorCodes,
  type AiSource,
  type TranslateResult,
  type TranslateSource,
} from '@beacon/shared';
import { isApiError } from '../../lib/api-error';
import { useEditorPorts } from '../ports';
import { type ComposeValues } from '../lib/compose-values';

/** Where the translations go: the app whose AI translates, and where the action started (tracking). */
export interface TranslateTarget {
  appId: number;
  from: AiSource;
  /** After translations were written into the form (a journey step publishes its content to the canvas). */
  onDone?: () => void;
}

type Source = Omit<TranslateSource, 'extra' | 'button'> & { extra?: string; button?: string };
type FieldPath = Array<string | number>;

/**
 * The source of the translations: the main content, with the fields the design shows (the expanded text of a system
 * design with text, the button of a button design, the extra buttons' texts).
 */
export function translateSource(v: ComposeValues): Source {
  const source: Source = {
    title: v.title ?? '',
    desc: v.desc ?? '',
    buttonExtra: (v.buttons ?? []).map((b) => b.txt ?? ''),
  };
  if (v.design === 1 && v.exType === 2) source.extra = v.exText ?? '';
  if (v.design === 3) source.button = v.button ?? '';
  return source;
}

export const isEmptySource = (s: Source) =>
  [s.title, s.desc, s.extra ?? '', s.button ?? '', ...s.buttonExtra].every((text) => text.trim() === '');

/** The form values a translation sets: each translated language's fields as the source had them, never cut. */
function translatedFields(result: TranslateResult, source: Source, langs: string[]) {
  const fields: Array<{ name: FieldPath; value: string }> = [];
  for (const c of result.content) {
    if (!langs.includes(c.lang)) continue;
    const at = (...rest: Array<string | number>): FieldPath => ['langContent', c.lang, ...rest];
    fields.push({ name: at('title'), value: c.title }, { name: at('desc'), value: c.desc });
    if (source.extra !== undefined) fields.push({ name: at('extra'), value: c.extra });
    if (source.button !== undefined) fields.push({ name: at('button'), value: c.button });
    source.buttonExtra.forEach((_, i) =>
      fields.push({ name: at('buttonExtra', i), value: c.buttonExtra[i] ?? '' }),
    );
  }
  return fields;
}

/**
 * Machine translation of the multi-language editor: translate one language or every chosen one from the main content.
 * `pending` is the language in flight ('*' for all); `configured` is false while the server has no AI provider.
 */
export function useLangTranslate(target: TranslateTarget | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // the language fields are named by path (langContent.<code>…), which the typed names do not list
  const form = Form.useFormInstance<Record<string, unknown>>();
  // asked only where the editor translates (the other screens using it do not)
  const { useAiStatus, useTranslate } = useEditorPorts();
  const status = useAiStatus({ queryConfig: { enabled: target !== undefined } });
  const mutation = useTranslate();
  const [pending, setPending] = useState<string | null>(null);

  const run = async (langs: string[], key: string) => {
    if (!target || langs.length === 0) return;
    const source = translateSource(form.getFieldsValue(true) as ComposeValues);
    if (isEmptySource(source)) {
      void message.warning(t('ai.translate.fillFirst'));
      return;
    }
    // a message holds at most 80 languages, and one request translates at most that many
    if (langs.length > AI_LIMITS.translateLangsMax) {
      void message.warning(t('ai.translate.tooMany', { max: AI_LIMITS.translateLangsMax, n: langs.length }));
      return;
    }
    setPending(key);
    try {
      const result = await mutation.mutateAsync({
        appId: target.appId,
        from: target.from,
        langs,
        content: source,
      });
      const fields = translatedFields(result, source, langs);
      form.setFields(fields.map(({ name, value }) => ({ name, value, touched: true })));
      // programmatic fills fire no change handler: tell whoever keeps the form's values elsewhere
      target.onDone?.();
      // the form's own rules show what is too long; the server's problems show where no rule did
      await form.validateFields(fields.map((f) => f.name)).catch(() => undefined);
      const problems = result.problems.filter((p) => langs.includes(p.lang));
      form.setFields(
        problems.map((p) => {
          const name: FieldPath =
            p.field === 'buttonExtra'
              ? ['langContent', p.lang, 'buttonExtra', p.index ?? 0]
              : ['langContent', p.lang, p.field];
          const errors = form.getFieldError(name);
          return { name, errors: errors.length > 0 ? errors : [p.message] };
        }),
      );
      void message.warning(t('ai.translate.done'));
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCodes.AI_NOT_CONFIGURED)
        void message.error(t('ai.notConfigured'));
      // 25201 and the rest: the server's reason as it says it
      else void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(null);
    }
  };

  return {
    enabled: target !== undefined,
    configured: status.data?.configured === true,
    pending,
    translateOne: (lang: string) => run([lang], lang),
    translateAll: (langs: string[]) => run(langs, '*'),
  };
}
