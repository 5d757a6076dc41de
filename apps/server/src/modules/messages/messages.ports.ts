import type { DeliveryEngine, EngineRepository } from '../../delivery/engine';
import type { MessageWriter } from './message-writer.repository';
import type { MessagesRepository } from './messages.repository';

/**
 * What the messages services use of their repositories and of the delivery engine: the public methods they call, so
 * that the fast tests (`*.fast.test.ts`, docs/architecture.md "Tests") can hand them the in-memory ones of
 * src/test/memory/. Production passes the real classes, which satisfy these by construction.
 */
export type MessagesRepositoryPort = Pick<
  MessagesRepository,
  | 'find'
  | 'abChildren'
  | 'estimateAudience'
  | 'countCreatedSince'
  | 'tagsOf'
  | 'dmpEnabled'
  | 'selectForRecall'
>;

/** The writes of a messages row the messages, A/B test, journey and review services make. */
export type MessageWriterPort = Pick<
  MessageWriter,
  | 'insert'
  | 'reserveId'
  | 'replace'
  | 'setArm'
  | 'softDelete'
  | 'setStatus'
  | 'setRecallAudience'
  | 'setAbParent'
  | 'takeSendToAll'
  | 'releaseSendToAll'
  | 'takeRound'
  | 'releaseRound'
  | 'setJourneyDefinition'
  | 'withdrawJourney'
  | 'setJourneyStep'
  | 'setJourneyLive'
>;

/** The delivery engine's SQL the messages services read and write through (audiences, waves, a message's status). */
export type MessagesEngineRepositoryPort = Pick<
  EngineRepository,
  | 'count'
  | 'groupConditions'
  | 'message'
  | 'insertWave'
  | 'offsets'
  | 'cancelWaves'
  | 'setStatus'
  | 'beyondRetention'
>;

/** The delivery engine as the messages services drive it: queue a wave or a dispatch, stop, finish. */
export type MessagesEnginePort = Pick<
  DeliveryEngine,
  'queueWave' | 'queueDispatch' | 'markStopping' | 'maybeFinish'
>;
