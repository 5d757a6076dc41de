import { useMutation } from '@tanstack/react-query';
import { messageCalls, type MessageSaveInput } from '@beacon/shared';
import { postMessage } from './post-envelope';

export interface TestPreviewInput {
  appId: number;
  payload: MessageSaveInput;
}

/** msg/test/preview (setPreviewGAID): sends the content now to the chosen test devices. */
export const sendTestPreview = ({ appId, payload }: TestPreviewInput) =>
  postMessage(messageCalls.testPreview, appId, payload);

export const useSendTestPreview = () =>
  useMutation({ meta: { handlesErrors: true }, mutationFn: sendTestPreview });
