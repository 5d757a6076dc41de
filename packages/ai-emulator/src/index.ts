export { DEFAULT_MODEL, startAiEmulator } from './emulator';
export { schemaInstance } from './schema-instance';
export { schemaProblems } from './schema-check';
export type {
  AiEmulator,
  AiEmulatorOptions,
  ChatMessage,
  ChatRequest,
  FinishReason,
  Flood,
  JsonSchema,
  RecordedRequest,
  Responder,
  ResponseFormat,
  ScriptedReply,
} from './types';
