import { type FormInstance } from 'antd';
import { useCallback, useRef } from 'react';
import {
  issueAt,
  useIssueText,
  type ComposeValues,
  type FieldName,
  type FieldRule,
} from '../../../message-editor';
import { type JourneyApp } from '../lib/graph-to-steps';
import { type StepKind } from '../lib/journey-graph-model';
import { contentIssues, settingsIssues } from '../lib/node-problems';

/** A form rule per field from compose's own checks (validateCompose), as compose's forms use them. */
function useRule<V extends ComposeValues>(
  form: FormInstance<V>,
  issuesOf: (values: V) => ReturnType<typeof contentIssues>,
): FieldRule {
  const text = useIssueText();
  const ref = useRef(issuesOf);
  ref.current = issuesOf;
  return useCallback(
    (name: FieldName) => ({
      validator: async () => {
        const issue = issueAt(ref.current(form.getFieldsValue(true) as V), name);
        if (issue) throw new Error(text(issue));
      },
    }),
    [form, text],
  );
}

/** A step's content fields' rule (the content rules of compose's form for its kind). */
export const useStepRule = <V extends ComposeValues>(
  form: FormInstance<V>,
  kind: StepKind,
  app: JourneyApp,
) => useRule(form, (v) => contentIssues(v, kind, app));

/** The journey's settings fields' rule (audience, schedule, delivery). */
export const useSettingsRule = (form: FormInstance<ComposeValues>, app: JourneyApp) =>
  useRule(form, (v) => settingsIssues(v, app, Date.now()));
