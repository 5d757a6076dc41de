import { Form as AntForm, type FormInstance } from 'antd';
import { type TFunction } from 'i18next';
import { useEffect, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../i18n';
import { type Language } from '../i18n/language';

/** A field's name path, as antd's forms take it ('title', ['langs', 0, 'title']). */
type FieldName = string | number | ReadonlyArray<string | number>;

/** Words an error put at a field by hand in `language`, the one `t` speaks. */
export type ErrorWording = (t: TFunction, language: Language) => string;

interface HandSet {
  word: ErrorWording;
  /** the text last put at the field */
  shown: string;
}

/** Per form, the errors put at its fields by hand (showFieldErrors), by name path. */
const handSet = new WeakMap<FormInstance, Map<string, HandSet>>();

const keyOf = (name: FieldName): string => JSON.stringify(Array.isArray(name) ? name : [name]);

/**
 * Puts errors at fields by hand (a refusal no rule of the field gives: an upload's, a conflict the server found):
 * while one still shows, a language switch words it again instead of checking the field's rules, which would put
 * their own message (often "required") in its place.
 */
export function showFieldErrors(
  form: FormInstance,
  errors: ReadonlyArray<{ name: FieldName; word: ErrorWording }>,
): void {
  const words = handSet.get(form) ?? new Map<string, HandSet>();
  handSet.set(form, words);
  const fields: Array<{ name: FieldName; errors: string[] }> = [];
  for (const { name, word } of errors) {
    const shown = word(i18n.t, currentLanguage());
    words.set(keyOf(name), { word, shown });
    fields.push({ name, errors: [shown] });
  }
  form.setFields(fields);
}

/**
 * The errors a form shows, in the language just chosen: a hand-set error is worded again, a rule's is checked again
 * (its rules were rendered in the new language). The check only reads the rules' verdict (validateOnly), so an error
 * whose field's rules pass (a server's words, in the language of the request) stays as it was rather than vanish.
 */
async function rewordErrors(form: FormInstance): Promise<void> {
  const words = handSet.get(form);
  const reworded: Array<{ name: FieldName; errors: string[] }> = [];
  const recheck: FieldName[] = [];
  for (const { name, errors } of form.getFieldsError()) {
    if (errors.length === 0) continue;
    const key = keyOf(name);
    const hand = words?.get(key);
    if (hand && errors.length === 1 && errors[0] === hand.shown) {
      hand.shown = hand.word(i18n.t, currentLanguage());
      reworded.push({ name, errors: [hand.shown] });
    } else {
      // a rule has run at the field since: the hand-set words are gone
      words?.delete(key);
      recheck.push(name);
    }
  }
  if (reworded.length > 0) form.setFields(reworded);
  if (recheck.length === 0) return;
  const failing = await form.validateFields(recheck, { validateOnly: true }).then(
    () => [],
    (e: { errorFields?: Array<{ name: FieldName; errors: string[] }> }) => e.errorFields ?? [],
  );
  if (failing.length > 0) form.setFields(failing.map(({ name, errors }) => ({ name, errors })));
}

/**
 * Inside every form (Form below): once the console language changes, the errors the form shows follow it. Runs after
 * the render in the new language, so the rules it checks carry the new messages.
 */
function ErrorsFollowLanguage() {
  const form = AntForm.useFormInstance();
  const { i18n: shown } = useTranslation();
  const language = shown.language;
  const wordedIn = useRef(language);
  useEffect(() => {
    if (wordedIn.current === language) return;
    wordedIn.current = language;
    void rewordErrors(form);
  }, [form, language]);
  return null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- antd's own default: the values' type comes from `form`
type FormElementProps<Values = any> = ComponentProps<typeof AntForm<Values>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as antd's Form
function LanguageForm<Values = any>({ children, ...props }: FormElementProps<Values>) {
  return (
    <AntForm<Values> {...props}>
      {children}
      <ErrorsFollowLanguage />
    </AntForm>
  );
}

/**
 * antd's Form, whose field errors follow the console language: render every form with this one (lint says so), its
 * Item, List, useForm, useWatch… are antd's.
 */
export const Form = Object.assign(LanguageForm, {
  Item: AntForm.Item,
  List: AntForm.List,
  ErrorList: AntForm.ErrorList,
  Provider: AntForm.Provider,
  useForm: AntForm.useForm,
  useFormInstance: AntForm.useFormInstance,
  useWatch: AntForm.useWatch,
});
