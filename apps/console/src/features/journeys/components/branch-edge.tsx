import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { Button } from 'antd';
import { type BranchFlowEdge } from './canvas-types';

/** A branch: its outcome and wait as a label that opens it (and, in view mode, how many devices took it). */
export function BranchEdge(props: EdgeProps<BranchFlowEdge>) {
  const { id, data, selected, markerEnd } = props;
  const [path, labelX, labelY] = getBezierPath(props);
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={{ stroke: selected ? '#4c6ef5' : '#8c8c8c', strokeWidth: selected ? 2 : 1.5 }}
      />
      <EdgeLabelRenderer>
        <div
          className="nodrag nopan"
          style={{
            position: 'absolute',
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            pointerEvents: 'all',
          }}
        >
          <Button size="small" onClick={() => data?.onOpen(id)} data-testid={`edge-label-${id}`}>
            {data?.label}
            {data?.taken !== undefined && <strong style={{ marginInlineStart: 6 }}>{data.taken}</strong>}
          </Button>
        </div>
      </EdgeLabelRenderer>
    </>
  );
}
