import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useIssueText } from '../../../message-editor';
import { graphProblemKey, type NodeProblem } from '../lib/node-problems';

/**
 * Form fields whose label compose keeps under another key: the open target is labelled by the open type in compose
 * (page or deep link, link, download link); a journey's problem line names it by the first, the deep link.
 */
const LABEL_ALIASES: Record<string, string> = {
  openContent: 'openContent1',
  groupId: 'group',
  userIdsText: 'userIds',
  ttlHours: 'ttl',
};

/** The i18n key of the label of a form field a problem names. */
export const fieldLabelKey = (field: string): string => `compose.fields.${LABEL_ALIASES[field] ?? field}`;

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
      const key = fieldLabelKey(field);
      const text = issueText(p.issue);
      // never a bare "Required": a field without a label is named by its name
      return `${i18n.exists(key) ? t(key) : field}: ${text}`;
    },
    [t, i18n, issueText],
  );
}
