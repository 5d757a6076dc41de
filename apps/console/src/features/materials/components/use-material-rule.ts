import { type FormInstance } from 'antd';
import { type Rule } from 'antd/es/form';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  issueAt,
  useIssueText,
  type ComposeIssue,
  type FieldName,
  type FieldRule,
} from '../../../message-editor';
import { type MaterialApp, type MaterialValues } from '../lib/material-values';
import { MATERIAL_ISSUE_KEYS, validateMaterial } from '../lib/validate-material';

/** The text of an issue: the material's own keys (`materials.errors.*`), else the compose form's. */
export function useMaterialIssueText() {
  const { t } = useTranslation();
  const composeText = useIssueText();
  return useCallback(
    (issue: ComposeIssue) =>
      MATERIAL_ISSUE_KEYS.includes(issue.key)
        ? t(`materials.errors.${issue.key}`, issue.params ?? {})
        : composeText(issue),
    [t, composeText],
  );
}

/**
 * A form rule per field backed by validateMaterial, the compose editors' `rule` included: a field shows the same
 * problem while typing as on submit.
 */
export function useMaterialRule(form: FormInstance<MaterialValues>, app: MaterialApp): FieldRule {
  const text = useMaterialIssueText();
  const appRef = useRef(app);
  appRef.current = app;
  return useCallback(
    (name: FieldName): Rule => ({
      validator: async () => {
        const values = form.getFieldsValue(true) as MaterialValues;
        const issue = issueAt(validateMaterial(values, appRef.current), name);
        if (issue) throw new Error(text(issue));
      },
    }),
    [form, text],
  );
}
