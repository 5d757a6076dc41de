import { useMutation } from '@tanstack/react-query';
import { messageCalls, type MessageSaveInput } from '@beacon/shared';
import { postMessage } from './post-envelope';

export interface SaveMessageInput {
  appId: number;
  payload: MessageSaveInput;
}

/** msg/save: answers 200 (saved), 201/202 (forbidden countries), 60003, 90003 or 21029 for the compose flow. */
export const saveMessage = ({ appId, payload }: SaveMessageInput) =>
  postMessage(messageCalls.save, appId, payload);

export const useSaveMessage = () => useMutation({ meta: { handlesErrors: true }, mutationFn: saveMessage });
