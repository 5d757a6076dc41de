import { type ReactNode } from 'react';
import { AssistantButton, trackAiAction, useAiStatus, useTranslate } from '../features/ai';
import { useAppGroups } from '../features/app-groups';
import { useAppInfo } from '../features/apps';
import { ForecastTable } from '../features/messages';
import { useTestDevices } from '../features/test-devices';
import { useUserGroups } from '../features/user-groups';
import { EditorPortsProvider, type EditorPorts } from '../message-editor/ports';

/** The features the message editor uses, wired by the app (the editor imports no feature: eslint.config.js). */
export const EDITOR_PORTS: EditorPorts = {
  AssistantButton,
  useAiStatus,
  useTranslate,
  trackAiAction,
  useAppInfo,
  useAppGroups,
  useUserGroups,
  useTestDevices,
  ForecastTable,
};

/** Around a screen that draws a message editor (compose, A/B tests, journeys, materials). */
export function WithEditorPorts({ children }: { children: ReactNode }) {
  return <EditorPortsProvider ports={EDITOR_PORTS}>{children}</EditorPortsProvider>;
}
