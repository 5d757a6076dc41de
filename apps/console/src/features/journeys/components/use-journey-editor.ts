import { useCallback, useMemo, useRef, useState } from 'react';
import { type FieldError, type JourneyEntry } from '@beacon/shared';
import { type ComposeValues } from '../../../message-editor';
import { buildJourneySave, type JourneyApp } from '../lib/graph-to-steps';
import {
  pushHistory,
  recordBefore,
  redoHistory,
  replacePresent,
  startHistory,
  undoHistory,
} from '../lib/history';
import { type JourneyGraph } from '../lib/journey-graph-model';
import { nodeProblems } from '../lib/node-problems';

export interface EditorInitial {
  graph: JourneyGraph;
  settings: ComposeValues;
  /** how the journey starts (absent: when sent, to its audience) */
  entry?: JourneyEntry;
}

/**
 * The canvas editor's state: the graph with its undo / redo history, the journey's settings, the payload they make
 * and every problem by node (checkJourney on the steps, each step's content, the settings, the server's last refusal),
 * all recomputed on every change.
 */
export function useJourneyEditor(initial: EditorInitial, app: JourneyApp, id: number | undefined) {
  const [history, setHistory] = useState(() => startHistory(initial.graph));
  const [settings, setSettingsState] = useState(initial.settings);
  const [entry, setEntryState] = useState<JourneyEntry>(initial.entry ?? { kind: 'audience' });
  const [server, setServer] = useState<FieldError[]>([]);
  const session = useRef<JourneyGraph | undefined>(undefined);
  /** a session's changes wait to become one undo step */
  const [pending, setPending] = useState(false);
  const graph = history.present;
  const present = useRef(graph);
  present.current = graph;

  /** A change of its own in the history. */
  const change = useCallback((fn: (g: JourneyGraph) => JourneyGraph) => {
    setServer([]);
    setHistory((h) => pushHistory(h, fn(h.present)));
  }, []);
  /** A change folded into the current session (a drag, a drawer's typing): one undo step when it ends. */
  const live = useCallback((fn: (g: JourneyGraph) => JourneyGraph) => {
    setServer([]);
    session.current ??= present.current;
    setPending(true);
    setHistory((h) => replacePresent(h, fn(h.present)));
  }, []);
  const endSession = useCallback(() => {
    const before = session.current;
    session.current = undefined;
    setPending(false);
    if (before) setHistory((h) => recordBefore(h, before));
  }, []);
  const setSettings = useCallback((next: ComposeValues) => {
    setServer([]);
    setSettingsState(next);
  }, []);

  const setEntry = useCallback((next: JourneyEntry) => {
    setServer([]);
    setEntryState(next);
  }, []);

  const built = useMemo(() => {
    const b = buildJourneySave(graph, settings, { app, id });
    return { ...b, payload: { ...b.payload, entry } };
  }, [graph, settings, app, id, entry]);
  const problems = useMemo(
    () =>
      nodeProblems({
        graph,
        steps: built.payload.childMsgs,
        order: built.order,
        settings,
        app,
        now: Date.now(),
        server,
      }),
    [graph, built, settings, app, server],
  );

  return {
    graph,
    settings,
    entry,
    setEntry,
    payload: built.payload,
    order: built.order,
    problems,
    hasProblems: problems.size > 0,
    canUndo: history.past.length > 0 || pending,
    canRedo: history.future.length > 0,
    change,
    live,
    endSession,
    setSettings,
    setServerErrors: setServer,
    /** Undo and redo end the session first: its changes are the step undone. */
    undo: () => {
      endSession();
      setHistory(undoHistory);
    },
    redo: () => {
      endSession();
      setHistory(redoHistory);
    },
  };
}

export type JourneyEditorState = ReturnType<typeof useJourneyEditor>;
