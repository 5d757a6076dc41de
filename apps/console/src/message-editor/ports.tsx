import { type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { type z } from 'zod';
import {
  type aiCalls,
  type AiSource,
  type AiTrackRequest,
  type appGroupCalls,
  type appInfoCalls,
  type MessageForecast,
  type testDeviceCalls,
  type TestDeviceListRequest,
  type TranslateSource,
  type userGroupCalls,
  type UserGroupListRequest,
} from '@beacon/shared';
import { type CallData } from '../lib/api-client';
import { type QueryConfig } from '../lib/react-query';

/** A machine translation asked from the editor's languages section (features/ai's translate). */
export interface EditorTranslateInput {
  appId: number;
  langs: string[];
  content: Partial<TranslateSource>;
  from: AiSource;
}

/**
 * What the message editor uses of the features, which it may not import (eslint.config.js): the app wires the
 * features' hooks and components in (`app/editor-ports.tsx`), as the server's engine takes its ports. Each is the
 * feature's own export, unchanged: a hook here is called as a hook (the value never changes while the app runs).
 */
export interface EditorPorts {
  /** features/ai: the AI assistant's button on a content editor. */
  AssistantButton: ComponentType<{
    appId?: number | undefined;
    msgType: 1 | 2;
    from?: AiSource | undefined;
    onUsed?: (() => void) | undefined;
  }>;
  /** features/ai: whether an AI provider is configured. */
  useAiStatus: (options?: { queryConfig?: QueryConfig }) => UseQueryResult<CallData<typeof aiCalls.status>>;
  /** features/ai: machine translation of the main content into languages. */
  useTranslate: () => UseMutationResult<CallData<typeof aiCalls.translate>, Error, EditorTranslateInput>;
  /** features/ai: records an AI action (ai_submit when a message the AI wrote is saved). */
  trackAiAction: (
    appId: number,
    action: AiTrackRequest['action'],
    from: AiSource,
    title?: string,
  ) => Promise<void>;
  /** features/apps: the app of the screen (its upload limit). */
  useAppInfo: (appId: number) => UseQueryResult<CallData<typeof appInfoCalls.info>>;
  /** features/app-groups: the signed-in user's app groups. */
  useAppGroups: () => UseQueryResult<CallData<typeof appGroupCalls.list>>;
  /** features/user-groups: a page of the app's user groups. */
  useUserGroups: (
    appId: number,
    filter: z.input<typeof UserGroupListRequest>,
    enabled?: boolean,
  ) => UseQueryResult<CallData<typeof userGroupCalls.list>>;
  /** features/test-devices: the app's test devices. */
  useTestDevices: (
    appId: number,
    filter: Pick<TestDeviceListRequest, 'keyword' | 'pageNo' | 'pageSize'>,
  ) => UseQueryResult<CallData<typeof testDeviceCalls.list>>;
  /** features/messages: the forecast before send, one row per loss reason. */
  ForecastTable: ComponentType<{ forecast: MessageForecast; pushCount?: number | undefined }>;
}

const PortsContext = createContext<EditorPorts | null>(null);

/** Gives the editors below their ports (the app's layout; the screen tests' renderAt). */
export function EditorPortsProvider({ ports, children }: { ports: EditorPorts; children: ReactNode }) {
  return <PortsContext.Provider value={ports}>{children}</PortsContext.Provider>;
}

/** The editor's ports; an editor drawn without EditorPortsProvider above it is a wiring mistake. */
export function useEditorPorts(): EditorPorts {
  const ports = useContext(PortsContext);
  if (!ports)
    throw new Error('message-editor: no EditorPortsProvider above this editor (app/editor-ports.tsx)');
  return ports;
}
