import { App } from 'antd';
import { createElement, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  journeyCalls,
  MessageSaved,
  type FieldError,
  type JourneySaveInput,
  aiWritten,
} from '@beacon/shared';
import { ApiError } from '../../../lib/api-error';
import { reportError } from '../../../lib/error-reporter';
import { trackAiAction } from '../../ai';
import { PackagesWarning, type ForbiddenDialog } from '../../../message-editor';
import { useSaveJourney } from '../api/save-journey';

type Forbidden = ComponentProps<typeof ForbiddenDialog>['forbidden'];
type Blocked = ComponentProps<typeof ForbiddenDialog>['blocked'];

/**
 * flowCanvasCreate: 200 → the saved journey's id (the pre-create preview opens on it); 201/202 → the forbidden-send
 * dialog (202 may continue with countryMsgforceCreate); 1071 → the audience packages, confirm once more; a 400's fields to the editor (at their nodes); any other
 * refusal to the error reporter.
 */
export function useJourneySubmit({
  appId,
  onFields,
  onSaved,
}: {
  appId: number;
  onFields: (fields: FieldError[]) => void;
  onSaved: (msgId: number) => void;
}) {
  const save = useSaveJourney();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [forbidden, setForbidden] = useState<
    { list: Forbidden; blocked?: Blocked; canContinue: boolean; payload: JourneySaveInput } | undefined
  >();

  const send = async (payload: JourneySaveInput): Promise<void> => {
    let answer;
    try {
      answer = await save.mutateAsync({ appId, payload });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCodes.PARAMETER_ILLEGAL && error.fields.length > 0)
        onFields(error.fields);
      else reportError(error);
      return;
    }
    if (answer.status === ErrorCodes.SUCCESS) {
      // a journey with a step whose content came from the AI assistant: its submission is recorded (ai_submit), once
      if (payload.childMsgs.some(aiWritten)) void trackAiAction(appId, 'ai_submit', 'push', payload.title);
      const saved = journeyCalls.save.data.safeParse(answer.data);
      if (saved.success) onSaved(saved.data.msgId);
      return;
    }
    if (
      answer.status === ErrorCodes.AUDIENCE_FORBIDDEN ||
      answer.status === ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE
    ) {
      const parsed = MessageSaved.partial().safeParse(answer.data);
      setForbidden({
        list: (parsed.success ? parsed.data.forbidden : undefined) ?? [],
        blocked: parsed.success ? parsed.data.blocked : undefined,
        canContinue: answer.status === ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE,
        payload,
      });
      return;
    }
    if (answer.status === ErrorCodes.AUDIENCE_PACKAGE_NOT_HUMAN) {
      const parsed = MessageSaved.partial().safeParse(answer.data);
      modal.confirm({
        title: t('compose.packages.title'),
        content: createElement(PackagesWarning, {
          packages: (parsed.success ? parsed.data.packages : undefined) ?? [],
        }),
        okText: t('compose.packages.confirm'),
        cancelText: t('compose.actions.back'),
        onOk: () => send({ ...payload, confirmIsGroup: true }),
      });
      return;
    }
    reportError(new ApiError({ kind: 'business', code: answer.status, message: answer.msg }));
  };

  return {
    send,
    saving: save.isPending,
    forbidden,
    closeForbidden: () => setForbidden(undefined),
    continueForbidden: () => {
      if (!forbidden) return;
      const payload = { ...forbidden.payload, countryMsgforceCreate: true };
      setForbidden(undefined);
      void send(payload);
    },
  };
}
