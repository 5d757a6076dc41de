import { ErrorCodes, type AbTestSaveInput, aiWritten } from '@beacon/shared';
import { ApiError } from '../../../lib/api-error';
import { trackAiAction } from '../../ai';
import { useSaveFlow, type SaveCall } from '../../../message-editor';
import { useSaveAbTest } from '../api/save-ab-test';
import { placeAbField, type AbFieldPlace } from '../lib/validate-ab';
import { readAb, type AbForms } from './use-ab-rules';

const SCROLL = { behavior: 'smooth', block: 'center', focus: true } as const;

/**
 * abtest/create through the compose save flow (forbidden countries, content check, passed schedule, daily limit),
 * then data/abtest; a 400's fields at the test's field or at the arm they name (`childMsgs.1.data.trans_data`).
 */
export function useAbSubmit({
  appId,
  forms,
  toReview,
  reveal,
  onArm,
}: {
  appId: number;
  forms: AbForms;
  toReview: boolean;
  /** Opens what holds a placed field (the collapsed sub-config): true when it did, and the field shows after a render. */
  reveal?: (place: AbFieldPlace) => boolean;
  /** Shows an arm's tab (a refusal placed in an arm that is not on screen). */
  onArm?: (index: number) => void;
}) {
  const saveTest = useSaveAbTest();
  // a test with an arm whose content came from the AI assistant: its submission is recorded (ai_submit), once
  const save: SaveCall<AbTestSaveInput> = {
    mutateAsync: async (input) => {
      const answer = await saveTest.mutateAsync(input);
      if (answer.status === ErrorCodes.SUCCESS && input.payload.childMsgs.some(aiWritten))
        void trackAiAction(appId, 'ai_submit', 'push', input.payload.title);
      return answer;
    },
    isPending: saveTest.isPending,
  };
  const formOf = (place: 'shared' | number) => (place === 'shared' ? forms.shared : forms.arms[place]);
  const showFields = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.code !== ErrorCodes.PARAMETER_ILLEGAL) return false;
    const v = readAb(forms);
    const placed = error.fields.flatMap((f) => {
      const place = placeAbField(f.field, v.shared, v.arms);
      return place ? [{ ...place, message: f.message }] : [];
    });
    for (const p of placed) formOf(p.form)?.setFields([{ name: p.name as never, errors: [p.message] }]);
    const first = placed[0];
    if (first && typeof first.form === 'number') onArm?.(first.form);
    if (first && (reveal?.(first) || typeof first.form === 'number'))
      setTimeout(() => formOf(first.form)?.scrollToField(first.name, SCROLL));
    else if (first) formOf(first.form)?.scrollToField(first.name, SCROLL);
    for (const p of placed.slice(1)) reveal?.(p);
    return first !== undefined;
  };
  return useSaveFlow<AbTestSaveInput>({ appId, save, showFields, toReview, listScreen: 'abtest' });
}
