import { type JourneyGraph, type XY } from './journey-graph-model';

export const LAYOUT_GAP = { x: 280, y: 200 } as const;

/**
 * A layered layout, top to bottom: each step one row below its source (the entry on the first row, steps no branch
 * reaches on the row after the deepest), the steps of a row side by side around x = 0, in their sources' order.
 */
export function layoutPositions(graph: JourneyGraph): Map<string, XY> {
  const depth = new Map<string, number>([[graph.entryId, 0]]);
  const rows: string[][] = [[graph.entryId]];
  for (let level = 0; level < rows.length; level++) {
    for (const id of rows[level] ?? []) {
      for (const e of graph.edges.filter((x) => x.source === id)) {
        if (depth.has(e.target)) continue;
        depth.set(e.target, level + 1);
        (rows[level + 1] ??= []).push(e.target);
      }
    }
  }
  const rest = graph.nodes.filter((n) => !depth.has(n.id)).map((n) => n.id);
  if (rest.length > 0) rows.push(rest);
  const positions = new Map<string, XY>();
  rows.forEach((row, level) =>
    row.forEach((id, i) =>
      positions.set(id, { x: (i - (row.length - 1) / 2) * LAYOUT_GAP.x, y: level * LAYOUT_GAP.y }),
    ),
  );
  return positions;
}

/** The graph with every node at its layered position. */
export function autoLayout(graph: JourneyGraph): JourneyGraph {
  const positions = layoutPositions(graph);
  return { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: positions.get(n.id) ?? n.position })) };
}

/**
 * The graph as view mode draws it: a node there shows its figures and stands about twice as tall as in the editor,
 * so the editor's positions are spread apart (rows further apart than columns) and no node covers its neighbour's
 * figures or a branch's count.
 */
export function viewLayout(graph: JourneyGraph): JourneyGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) => ({ ...n, position: { x: n.position.x * 1.3, y: n.position.y * 2.2 } })),
  };
}
