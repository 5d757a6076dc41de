import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  type AriaLabelConfig,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type XY } from '../lib/journey-graph-model';
import { BranchEdge } from './branch-edge';
import { type BranchFlowEdge, type StepFlowNode } from './canvas-types';
import { StepNode } from './step-node';

const NODE_TYPES = { step: StepNode };
const EDGE_TYPES = { branch: BranchEdge };

export interface Selection {
  nodes: string[];
  edges: string[];
}

interface JourneyCanvasProps {
  nodes: StepFlowNode[];
  edges: BranchFlowEdge[];
  readOnly: boolean;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  onNodeOpen: (id: string) => void;
  /** Positions while dragged (`dragging`) and where they end. */
  onMove: (positions: Map<string, XY>, dragging: boolean) => void;
  onConnect: (source: string, target: string) => void;
  canConnect: (source: string, target: string) => boolean;
  onDelete: (nodes: string[], edges: string[]) => void;
}

/** How the canvas fits the journey in view: a margin, and never past the natural size. */
export const FIT_VIEW = { padding: 0.2, maxZoom: 1 } as const;

/**
 * The React Flow canvas of a journey: step nodes and branch edges, controlled by the editor (its graph, its
 * selection); it keeps only the nodes' measured sizes. Delete / Backspace removes the selection (never the entry).
 */
/** React Flow's own words (the controls' tooltips, the overview's label, what a screen reader hears) in the reader's language. */
const flowLabels = (t: TFunction): Partial<AriaLabelConfig> => ({
  'node.a11yDescription.default': t('journeys.canvas.node'),
  'node.a11yDescription.keyboardDisabled': t('journeys.canvas.nodeKeyboard'),
  'node.a11yDescription.ariaLiveMessage': ({ x, y }) => t('journeys.canvas.moved', { x, y }),
  'edge.a11yDescription.default': t('journeys.canvas.edge'),
  'controls.ariaLabel': t('journeys.canvas.controls'),
  'controls.zoomIn.ariaLabel': t('journeys.canvas.zoomIn'),
  'controls.zoomOut.ariaLabel': t('journeys.canvas.zoomOut'),
  'controls.fitView.ariaLabel': t('journeys.canvas.fitView'),
  'controls.interactive.ariaLabel': t('journeys.canvas.interactive'),
  'minimap.ariaLabel': t('journeys.canvas.minimap'),
  'handle.ariaLabel': t('journeys.canvas.handle'),
});

function Canvas(props: JourneyCanvasProps) {
  const { readOnly, selection, onSelectionChange } = props;
  const { t } = useTranslation();
  const ariaLabelConfig = useMemo(() => flowLabels(t), [t]);
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const nodes = useMemo(
    () =>
      props.nodes.map((n) => ({
        ...n,
        selected: selection.nodes.includes(n.id),
        ...(measured[n.id] ? { measured: measured[n.id] } : {}),
      })),
    [props.nodes, measured, selection.nodes],
  );
  const edges = useMemo(
    () =>
      props.edges.map((e) => ({
        ...e,
        selected: selection.edges.includes(e.id),
        markerEnd: { type: MarkerType.ArrowClosed },
      })),
    [props.edges, selection.edges],
  );

  const handleNodesChange = (changes: NodeChange<StepFlowNode>[]) => {
    const sizes: Record<string, { width: number; height: number }> = {};
    const moved = new Map<string, XY>();
    let dragging = false;
    let selected: Set<string> | undefined;
    for (const c of changes) {
      if (c.type === 'dimensions' && c.dimensions) sizes[c.id] = c.dimensions;
      if (c.type === 'position' && c.position && !readOnly) {
        moved.set(c.id, c.position);
        dragging ||= c.dragging === true;
      }
      if (c.type === 'select') {
        selected ??= new Set(selection.nodes);
        if (c.selected) selected.add(c.id);
        else selected.delete(c.id);
      }
    }
    if (Object.keys(sizes).length > 0) setMeasured((m) => ({ ...m, ...sizes }));
    if (moved.size > 0) props.onMove(moved, dragging);
    if (selected) onSelectionChange({ nodes: [...selected], edges: selection.edges });
  };
  const handleEdgesChange = (changes: EdgeChange<BranchFlowEdge>[]) => {
    let selected: Set<string> | undefined;
    for (const c of changes)
      if (c.type === 'select') {
        selected ??= new Set(selection.edges);
        if (c.selected) selected.add(c.id);
        else selected.delete(c.id);
      }
    if (selected) onSelectionChange({ nodes: selection.nodes, edges: [...selected] });
  };

  return (
    <ReactFlow<StepFlowNode, BranchFlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onNodesChange={handleNodesChange}
      onEdgesChange={handleEdgesChange}
      onNodeClick={(_, node) => props.onNodeOpen(node.id)}
      onEdgeClick={(_, edge) => edge.data?.onOpen(edge.id)}
      onConnect={(c) => props.onConnect(c.source, c.target)}
      isValidConnection={(c) => props.canConnect(c.source, c.target)}
      onDelete={({ nodes: n, edges: e }) =>
        props.onDelete(
          n.map((x) => x.id),
          e.map((x) => x.id),
        )
      }
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
      fitView
      // a journey of one or two steps is shown at its natural size, not zoomed to fill the canvas
      fitViewOptions={FIT_VIEW}
      minZoom={0.2}
      proOptions={{ hideAttribution: true }}
      ariaLabelConfig={ariaLabelConfig}
    >
      <Background />
      <Controls showInteractive={false} />
      {/* the editor's overview, top right (journeys grow downward); view mode has none: it would cover a node's figures */}
      {!readOnly && <MiniMap pannable zoomable position="top-right" />}
    </ReactFlow>
  );
}

export default function JourneyCanvas(props: JourneyCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}
