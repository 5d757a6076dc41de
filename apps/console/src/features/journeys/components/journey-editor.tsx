import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppInfo, type DictEntry, type JourneyDetail, type JourneyStepRow } from '@beacon/shared';
import { type ConditionDictionaries } from '../../../components/condition-builder';
import { emptyCompose, FlowForbiddenDialog } from '../../../message-editor';
import { autoLayout, viewLayout } from '../lib/auto-layout';
import {
  addStep,
  canConnect,
  connect,
  freeOutcome,
  moveNodes,
  removeElements,
  setBranch,
  updateEdge,
  updateStep,
} from '../lib/graph-edit';
import { type JourneyGraph, type StepDraft } from '../lib/journey-graph-model';
import { isCounting } from '../lib/journey-status';
import { type NodeProblem } from '../lib/node-problems';
import { flowElements } from './canvas-elements';
import { EdgeDrawer } from './edge-drawer';
import { EditorToolbar } from './editor-toolbar';
import { JourneyConfirmDialog } from './journey-confirm-dialog';
import { type Selection } from './journey-canvas';
import { StepDrawer } from './step-drawer';
import { StepRecall } from './step-recall';
import { StepOutline } from './step-outline';
import { useBranchText } from './use-branch-text';
import { useCount } from './use-count';
import { useJourneyEditor, type EditorInitial } from './use-journey-editor';
import { useJourneySubmit } from './use-journey-submit';
import { useProblemText } from './use-problem-text';

const JourneyCanvas = lazy(() => import('./journey-canvas'));

/** A new step's draft: a notification with the app's default small icon. */
export function newStep(
  groupTag: string,
  serverUTC: string,
  icon: { icon: string; color: string },
): StepDraft {
  return {
    groupTag,
    kind: 'notification',
    content: { ...emptyCompose(serverUTC), smallIcon: icon.icon, smallIconColor: icon.color },
    conditions: [],
  };
}

/** A first canvas: the entry step alone. */
export const newGraph = (entry: StepDraft): JourneyGraph => ({
  entryId: 'step-1',
  nodes: [{ id: 'step-1', position: { x: 0, y: 0 }, step: entry }],
  edges: [],
});

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export interface JourneyEditorProps {
  app: AppInfo;
  initial: EditorInitial;
  /** the journey edited (act=edit) */
  id?: number | undefined;
  readOnly: boolean;
  /** view mode: the saved journey, whose steps' figures the nodes show (`step-N` is its N-th step) */
  detail?: JourneyDetail | undefined;
  defaultIcon: { icon: string; color: string };
  languages: DictEntry[];
  dictionaries: ConditionDictionaries | undefined;
  /** the buttons of the read-only modes (copy, edit, confirm) */
  actions?: ReactNode;
}

/**
 * The journey canvas (message/editcanvas): the steps and branches on React Flow, each opened in a side drawer, the
 * toolbar (add, lay out, undo / redo), every problem on its node (checkJourney, the steps' content, the settings,
 * the server's refusal) and the submit, disabled while any remains, which saves and opens the pre-create preview.
 */
export function JourneyEditor(props: JourneyEditorProps) {
  const { t } = useTranslation();
  const { app, readOnly, detail, defaultIcon } = props;
  const [savedId, setSavedId] = useState<number>();
  const ed = useJourneyEditor(props.initial, app, props.id ?? savedId);
  const { graph } = ed;
  const [selection, setSelection] = useState<Selection>({ nodes: [], edges: [] });
  const [openNode, setOpenNode] = useState<string>();
  const [openEdge, setOpenEdge] = useState<string>();
  const [preview, setPreview] = useState<number>();
  const problemText = useProblemText();
  const branchText = useBranchText();
  const count = useCount();
  const submit = useJourneySubmit({
    appId: app.appId,
    onFields: ed.setServerErrors,
    onSaved: (msgId) => {
      setSavedId(msgId);
      setPreview(msgId);
    },
  });

  const texts = useMemo(() => {
    const out = new Map<string, string[]>();
    for (const [id, list] of ed.problems) out.set(id, [...new Set(list.map(problemText))]);
    return out;
  }, [ed.problems, problemText]);
  const tagProblem = (id: string) => {
    const p = (ed.problems.get(id) ?? []).find(
      (x: NodeProblem) => x.source === 'graph' && x.problem.field.endsWith('.groupTag'),
    );
    return p ? problemText(p) : undefined;
  };
  const rowOf = (id: string): JourneyStepRow | undefined =>
    detail ? detail.childMsgs[Number(id.replace('step-', '')) - 1] : undefined;
  const { nodes, edges } = flowElements(detail && readOnly ? viewLayout(graph) : graph, {
    problems: readOnly ? new Map() : texts,
    rowOf,
    counting: detail ? isCounting(detail.status) : false,
    live:
      detail && readOnly && detail.entry.kind === 'event'
        ? { entries: detail.entries, exits: detail.exits }
        : undefined,
    readOnly,
    label: (e) => `${branchText.outcome(e.outcome)} · ${branchText.wait(e.wait)}`,
    count,
    onOpen: setOpenEdge,
  });

  const closeDrawers = () => {
    ed.endSession();
    setOpenNode(undefined);
    setOpenEdge(undefined);
  };
  const undo = () => {
    closeDrawers();
    ed.undo();
  };
  const redo = () => {
    closeDrawers();
    ed.redo();
  };
  const uniqueTag = () => {
    const tags = new Set(graph.nodes.map((n) => n.step.groupTag.trim()));
    let n = graph.nodes.length + 1;
    while (tags.has(t('journeys.step.defaultTag', { n }))) n++;
    return t('journeys.step.defaultTag', { n });
  };
  const add = () => {
    const picked = selection.nodes.length === 1 ? selection.nodes[0] : undefined;
    const from = picked ?? (freeOutcome(graph, graph.entryId) ? graph.entryId : undefined);
    const { graph: next, id } = addStep(graph, newStep(uniqueTag(), app.serverUTC, defaultIcon), from);
    closeDrawers();
    ed.change(() => next);
    setSelection({ nodes: [id], edges: [] });
    setOpenNode(id);
  };

  useEffect(() => {
    if (readOnly) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && e.shiftKey) redo();
      else if (key === 'z') undo();
      else if (key === 'y') redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const edge = openEdge ? graph.edges.find((e) => e.id === openEdge) : undefined;
  const problemCount = [...texts.values()].reduce((n, l) => n + l.length, 0);

  return (
    <Flex vertical gap={12} data-testid="journey-editor">
      <Flex justify="space-between" align="center" gap={12} wrap>
        {readOnly ? (
          <span />
        ) : (
          <EditorToolbar
            canAdd={graph.nodes.length < 20}
            canUndo={ed.canUndo}
            canRedo={ed.canRedo}
            onAdd={add}
            onLayout={() => ed.change(autoLayout)}
            onUndo={undo}
            onRedo={redo}
          />
        )}
        <Flex gap={8} align="center" wrap>
          {props.actions}
          {!readOnly && (
            <>
              {problemCount > 0 && (
                <Typography.Text type="danger" data-testid="problem-count">
                  {t('journeys.editor.problems', { count: problemCount })}
                </Typography.Text>
              )}
              <Tooltip title={ed.hasProblems ? t('journeys.editor.fixFirst') : undefined}>
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  disabled={ed.hasProblems}
                  loading={submit.saving}
                  onClick={() => void submit.send(ed.payload)}
                  data-testid="journey-submit"
                >
                  {props.id || savedId ? t('journeys.editor.save') : t('journeys.editor.create')}
                </Button>
              </Tooltip>
            </>
          )}
        </Flex>
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: '220px minmax(0, 1fr)', gap: 12 }}>
        <StepOutline graph={graph} order={ed.order} problems={texts} onOpen={setOpenNode} />
        <div
          style={{ height: 'calc(100vh - 260px)', minHeight: 480, background: '#fafafa', borderRadius: 8 }}
          data-testid="journey-canvas"
        >
          <Suspense fallback={null}>
            <JourneyCanvas
              nodes={nodes}
              edges={edges}
              readOnly={readOnly}
              selection={selection}
              onSelectionChange={setSelection}
              onNodeOpen={setOpenNode}
              onMove={(positions, dragging) => {
                ed.live((g) => moveNodes(g, positions));
                if (!dragging) ed.endSession();
              }}
              onConnect={(source, target) => ed.change((g) => connect(g, source, target))}
              canConnect={(source, target) => canConnect(graph, source, target)}
              onDelete={(n, e) => {
                ed.change((g) => removeElements(g, n, e));
                setSelection({ nodes: [], edges: [] });
              }}
            />
          </Suspense>
        </div>
      </div>
      {openNode && (
        <StepDrawer
          app={app}
          graph={graph}
          nodeId={openNode}
          problems={texts.get(openNode) ?? []}
          tagProblem={tagProblem(openNode)}
          readOnly={readOnly}
          settings={ed.settings}
          languages={props.languages}
          dictionaries={props.dictionaries}
          defaultIcon={defaultIcon}
          onSettings={ed.setSettings}
          entry={ed.entry}
          onEntry={ed.setEntry}
          counts={detail ? { entries: detail.entries, exits: detail.exits } : undefined}
          onStep={(step) => ed.live((g) => updateStep(g, openNode, step))}
          onBranch={(b) => ed.live((g) => setBranch(g, openNode, b))}
          {...(detail && readOnly ? { recall: <StepRecall appId={app.appId} row={rowOf(openNode)} /> } : {})}
          onDelete={() => {
            closeDrawers();
            ed.change((g) => removeElements(g, [openNode], []));
          }}
          onClose={closeDrawers}
        />
      )}
      {edge && (
        <EdgeDrawer
          graph={graph}
          edge={edge}
          problems={(ed.problems.get(edge.target) ?? [])
            .filter((p) => p.source === 'graph' && p.problem.field.includes('displayConditions'))
            .map(problemText)}
          readOnly={readOnly}
          onChange={(patch) => ed.live((g) => updateEdge(g, edge.id, patch))}
          onDelete={() => {
            closeDrawers();
            ed.change((g) => removeElements(g, [], [edge.id]));
          }}
          onClose={closeDrawers}
        />
      )}
      {preview !== undefined && (
        <JourneyConfirmDialog
          appId={app.appId}
          msgId={preview}
          onClose={() => setPreview(undefined)}
          onEdit={() => setPreview(undefined)}
        />
      )}
      <FlowForbiddenDialog flow={submit} />
    </Flex>
  );
}
