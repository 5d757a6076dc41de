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
 * The test's form and its arms' (A, B, C… in order; each arm's form is its own component's, so `arms` is read when
 * needed). An arm's form is typed as the compose form the compose sections and rules take; it also holds
 * `groupPercent` (ArmValues), read back by readAb.
 */
export interface AbForms {
  shared: FormInstance<AbSharedValues>;
  readonly arms: readonly FormInstance<ComposeValues>[];
}

/** The values of every form of the test. */
export function readAb(forms: AbForms): { shared: AbSharedValues; arms: ArmValues[] } {
  return {
    shared: forms.shared.getFieldsValue(true) as AbSharedValues,
    arms: forms.arms.map((f) => f.getFieldsValue(true) as ArmValues),
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
 * The field rules of the test's form and of each arm's (by its place, A = 0), backed by validateAb over all the forms:
 * a field shows the same problem while typing as on submit.
 */
export function useAbRules(
  forms: AbForms,
  ctx: AbContext,
): { shared: FieldRule; arm: (index: number) => FieldRule } {
  const text = useAbIssueText();
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  return useMemo(() => {
    const ruleOf =
      (of: (issues: AbIssues) => ComposeIssue[] | undefined) =>
      (name: FieldName): Rule => ({
        validator: async () => {
          const v = readAb(forms);
          const issue = issueAt(
            of(validateAb(v.shared, v.arms, { ...ctxRef.current, now: Date.now() })) ?? [],
            name,
          );
          if (issue) throw new Error(text(issue));
        },
      });
    const arms = new Map<number, FieldRule>();
    const arm = (index: number): FieldRule => {
      let rule = arms.get(index);
      if (!rule) {
        rule = ruleOf((i) => i.arms[index]);
        arms.set(index, rule);
      }
      return rule;
    };
    return { shared: ruleOf((i) => i.shared), arm };
  }, [forms, text]);
}
