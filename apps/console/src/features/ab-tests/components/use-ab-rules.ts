import { type FormInstance } from 'antd';
import { type Rule } from 'antd/es/form';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  issueAt,
  useIssueText,
  type ComposeIssue,
  type FieldName,
  type FieldRule,
} from '../../../message-editor';
import { type AbContext } from '../lib/build-ab-payload';
import { type ComposeValues } from '../../../message-editor';
import { type AbSharedValues, type ArmValues } from '../lib/ab-values';
import { AB_ISSUE_KEYS, validateAb, type AbIssues } from '../lib/validate-ab';

/**
 * The test's form and its arms' (A, B). An arm's form is typed as the compose form the compose sections and rules
 * take; it also holds `groupPercent` (ArmValues), read back by readAb.
 */
export interface AbForms {
  shared: FormInstance<AbSharedValues>;
  arms: readonly [FormInstance<ComposeValues>, FormInstance<ComposeValues>];
}

/** The values of every form of the test. */
export function readAb(forms: AbForms): { shared: AbSharedValues; arms: [ArmValues, ArmValues] } {
  return {
    shared: forms.shared.getFieldsValue(true) as AbSharedValues,
    arms: [forms.arms[0].getFieldsValue(true) as ArmValues, forms.arms[1].getFieldsValue(true) as ArmValues],
  };
}

/** The text of an issue: the A/B test's own keys (`abTests.errors.*`), else the compose form's. */
export function useAbIssueText() {
  const { t } = useTranslation();
  const composeText = useIssueText();
  return useCallback(
    (issue: ComposeIssue) =>
      AB_ISSUE_KEYS.includes(issue.key)
        ? t(`abTests.errors.${issue.key}`, issue.params ?? {})
        : composeText(issue),
    [t, composeText],
  );
}

/**
 * The field rules of the test's form and of each arm's, backed by validateAb over all three forms: a field shows the
 * same problem while typing as on submit.
 */
export function useAbRules(
  forms: AbForms,
  ctx: AbContext,
): { shared: FieldRule; arms: readonly [FieldRule, FieldRule] } {
  const text = useAbIssueText();
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  return useMemo(() => {
    const ruleOf =
      (of: (issues: AbIssues) => ComposeIssue[]) =>
      (name: FieldName): Rule => ({
        validator: async () => {
          const v = readAb(forms);
          const issue = issueAt(
            of(validateAb(v.shared, v.arms, { ...ctxRef.current, now: Date.now() })),
            name,
          );
          if (issue) throw new Error(text(issue));
        },
      });
    return {
      shared: ruleOf((i) => i.shared),
      arms: [ruleOf((i) => i.arms[0]), ruleOf((i) => i.arms[1])] as const,
    };
  }, [forms, text]);
}
