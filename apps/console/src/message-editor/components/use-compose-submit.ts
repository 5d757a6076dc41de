import { App, type FormInstance } from 'antd';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCodes, MessageSaved, type MessageSaveInput, aiWritten } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { reportError } from '../../lib/error-reporter';
import { useEditorPorts } from '../ports';
import { type SaveAnswer } from '../api/post-envelope';
import { useSaveMessage } from '../api/save-message';
import { type ComposeValues } from '../lib/compose-values';
import { fieldOfPath } from '../lib/validate-compose';
import { type Blocked, type Forbidden } from './forbidden-dialog';
import { PackagesWarning, TwinWarning } from './save-warnings';
import { Violations } from './violations';
import { appPath } from '../../lib/paths';

/** The pause before leaving for the list after a save (part 2 §9). */
export const REDIRECT_MS = 500;

type Flags = Pick<SavePayload, 'forceCreate' | 'countryMsgforceCreate' | 'confirmIsGroup'>;

/** Puts a server's status 400 field errors at the form's fields; answers whether any matched. */
export function showServerFields(form: FormInstance<ComposeValues>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== ErrorCodes.PARAMETER_ILLEGAL) return false;
  const values = form.getFieldsValue(true) as ComposeValues;
  const matched = error.fields.flatMap((f) => {
    const name = fieldOfPath(
      f.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      values,
    );
    return name ? [{ name: name as never, errors: [f.message] }] : [];
  });
  if (matched.length === 0) return false;
  form.setFields(matched);
  const first = matched[0];
  if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
  return true;
}

/** What a save flow posts: a payload with its optional id and the flags that force past a warning. */
export interface SavePayload {
  id?: number | undefined;
  forceCreate?: boolean | undefined;
  countryMsgforceCreate?: boolean | undefined;
  confirmIsGroup?: boolean | undefined;
}

/** The save call of a flow (a mutation answering the handled envelope, post-envelope.ts). */
export interface SaveCall<P> {
  mutateAsync: (input: { appId: number; payload: P }) => Promise<SaveAnswer>;
  isPending: boolean;
}

/**
 * A save with the compose flow's answers (part 2 §8): 200 → the list after 0.5 s; 201/202 → the forbidden-send
 * dialog (202 may continue with countryMsgforceCreate); 60003 → the violations, confirm to force; 90003 → ask, then
 * force; 1071 → the packages, confirm once more (confirmIsGroup); 21030 → the twin, create anyway (forceCreate);
 * 21029 → the daily-limit note; anything else → the error alert unless `showFields` placed it (400s).
 */
export function useSaveFlow<P extends SavePayload>({
  appId,
  save,
  showFields,
  toReview,
  listScreen,
}: {
  appId: number;
  save: SaveCall<P>;
  /** Puts a refusal's field errors at their fields; answers whether any matched. */
  showFields: (error: unknown) => boolean;
  toReview: boolean;
  /** The records list (data/…) to go to after a save, unless the message came from review. */
  listScreen: string;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [forbidden, setForbidden] = useState<
    { list: Forbidden; blocked?: Blocked | undefined; canContinue: boolean; payload: P } | undefined
  >();
  const [dailyLimit, setDailyLimit] = useState(false);
  const [saved, setSaved] = useState(false);

  const send = async (payload: P, flags: Flags = {}): Promise<boolean> => {
    const body: P = { ...payload, ...flags };
    let answer;
    try {
      answer = await save.mutateAsync({ appId, payload: body });
    } catch (error) {
      if (!showFields(error)) reportError(error);
      return false;
    }
    if (answer.status === ErrorCodes.SUCCESS) {
      setSaved(true);
      void message.success(payload.id ? t('compose.done.saved') : t('compose.done.created'));
      setTimeout(
        () => void navigate(appPath(appId, `data/${toReview ? 'review' : listScreen}`)),
        REDIRECT_MS,
      );
      return true;
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
        payload: body,
      });
      return true;
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
        onOk: () => send(payload, { ...flags, confirmIsGroup: true }),
      });
      return true;
    }
    if (answer.status === ErrorCodes.SAME_AS_PREVIOUS_DAY) {
      const parsed = MessageSaved.partial().safeParse(answer.data);
      const twin = parsed.success ? parsed.data.twin : undefined;
      modal.confirm({
        title: t('compose.twin.title'),
        content: twin ? createElement(TwinWarning, { twin }) : t('compose.twin.intro'),
        okText: t('compose.twin.force'),
        cancelText: t('compose.actions.back'),
        onOk: () => send(payload, { ...flags, forceCreate: true }),
      });
      return true;
    }
    if (answer.status === ErrorCodes.CONTENT_NEEDS_REVIEW) {
      modal.confirm({
        title: t('compose.violations.title'),
        content: createElement(
          'div',
          null,
          createElement('p', null, t('compose.violations.intro')),
          createElement(Violations, { data: answer.data }),
        ),
        okText: t('compose.violations.force'),
        cancelText: t('compose.actions.back'),
        onOk: () => send(payload, { ...flags, forceCreate: true }),
      });
      return true;
    }
    if (answer.status === ErrorCodes.SCHEDULE_PASSED) {
      modal.confirm({
        title: t('compose.scheduleOut.title'),
        content: t('compose.scheduleOut.text'),
        okText: t('compose.scheduleOut.continue'),
        cancelText: t('compose.actions.back'),
        onOk: () => send(payload, { ...flags, forceCreate: true }),
      });
      return true;
    }
    setDailyLimit(true);
    return true;
  };

  return {
    send,
    saving: save.isPending,
    saved,
    dailyLimit,
    /** the daily limit found reached before the save (limit/check): the create button gives way to the note */
    showDailyLimit: () => setDailyLimit(true),
    forbidden,
    closeForbidden: () => setForbidden(undefined),
    continueForbidden: () => {
      if (!forbidden) return;
      const payload = forbidden.payload;
      setForbidden(undefined);
      void send(payload, { countryMsgforceCreate: true });
    },
  };
}

/** msg/save through the save flow, its 400s at the compose form's fields. */
export function useComposeSubmit({
  appId,
  form,
  toReview,
  listScreen = 'push',
}: {
  appId: number;
  form: FormInstance<ComposeValues>;
  toReview: boolean;
  /** The records list (data/…) to go to after a save, unless the message came from review. */
  listScreen?: string;
}) {
  const saveMessage = useSaveMessage();
  const { trackAiAction } = useEditorPorts();
  // a message whose content came from the AI assistant: its submission is recorded (ai_submit)
  const save: SaveCall<MessageSaveInput> = {
    mutateAsync: async (input) => {
      const answer = await saveMessage.mutateAsync(input);
      if (answer.status === ErrorCodes.SUCCESS && aiWritten(input.payload))
        void trackAiAction(appId, 'ai_submit', 'push', input.payload.title ?? '');
      return answer;
    },
    isPending: saveMessage.isPending,
  };
  return useSaveFlow<MessageSaveInput>({
    appId,
    save,
    showFields: (error) => showServerFields(form, error),
    toReview,
    listScreen,
  });
}
