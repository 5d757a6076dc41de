import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useIssueText } from '../../compose';
import { graphProblemKey, type NodeProblem } from '../lib/node-problems';

/** A node's problem in the reader's language: the graph rule's by its field, a form field's named by its label. */
export function useProblemText() {
  const { t, i18n } = useTranslation();
  const issueText = useIssueText();
  return useCallback(
    (p: NodeProblem): string => {
      if (p.source === 'server') return p.message;
      if (p.source === 'graph')
        return t(`journeys.problems.${graphProblemKey(p.problem)}`, { step: p.problem.step + 1 });
      const field = String(p.issue.name[0]);
      const key = `compose.fields.${field}`;
      const text = issueText(p.issue);
      return i18n.exists(key) ? `${t(key)}: ${text}` : text;
    },
    [t, i18n, issueText],
  );
}
