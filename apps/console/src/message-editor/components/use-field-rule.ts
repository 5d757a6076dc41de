import { type FormInstance } from 'antd';
import { type Rule } from 'antd/es/form';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatNumber } from '../../lib/number-format';
import { type ComposeContext } from '../lib/build-payload';
import { type ComposeValues } from '../lib/compose-values';
import { jsonReasonText } from '../lib/json-problem-text';
import { issueAt, validateCompose, type ComposeIssue, type FieldName } from '../lib/validate-compose';

/** The text of an issue in the console language (a JSON syntax error's reason worded from its problem code). */
export function useIssueText() {
  const { t } = useTranslation();
  return useCallback(
    (issue: ComposeIssue) => {
      // a number in the message written the reader's way ("20 000" in French), as the hints write theirs
      const lang = currentLanguage();
      const params = Object.fromEntries(
        Object.entries(issue.params ?? {}).map(([k, v]) => [
          k,
          typeof v === 'number' ? formatNumber(v, lang) : v,
        ]),
      );
      if (issue.key !== 'jsonSyntax') return t(`compose.errors.${issue.key}`, params);
      const reason = jsonReasonText(t, String(params.problem), params.expected);
      return t('compose.errors.jsonSyntax', { ...params, reason });
    },
    // t is a new function once the language changes
    [t],
  );
}

/**
 * A form rule per field backed by validateCompose: every field is checked by the same pure function the submit uses,
 * so an error shows at its field while typing and on submit alike.
 */
export function useFieldRule(form: FormInstance<ComposeValues>, ctx: ComposeContext) {
  const text = useIssueText();
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  return useCallback(
    (name: FieldName): Rule => ({
      validator: async () => {
        const values = form.getFieldsValue(true) as ComposeValues;
        const issue = issueAt(validateCompose(values, { ...ctxRef.current, now: Date.now() }), name);
        if (issue) throw new Error(text(issue));
      },
    }),
    [form, text],
  );
}

export type FieldRule = ReturnType<typeof useFieldRule>;
