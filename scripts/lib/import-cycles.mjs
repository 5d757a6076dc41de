// The relative-import graph of the TypeScript sources and its cycles (strongly connected components), for the
// lint rule `beacon/no-cycle` (eslint.config.js). Type-only imports count: a circle of types is still a circle
// of modules that cannot be understood, moved or tested one at a time.
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx)$/;
const REPO = path.resolve(import.meta.dirname, '../..');

/** The folders of TypeScript sources whose imports the rule follows. */
export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/console/src',
  'packages/shared/src',
  'packages/fcm-emulator/src',
  'packages/ai-emulator/src',
  'bench',
  'e2e',
].map((r) => path.join(REPO, r));
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]/g,
  /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g,
  /\bimport\s+['"](\.{1,2}\/[^'"]*)['"]/g,
];

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names, as TypeScript resolves it here (extension optional, .js for .ts, index). */
export function resolveSpecifier(from, specifier, exists = fs.existsSync) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => SOURCE.test(c) && exists(c));
}

/** Relative specifiers of one file's text (comments removed first, so an example in a comment is no edge). */
export function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found = new Set();
  for (const re of SPECIFIERS) for (const m of code.matchAll(re)) found.add(m[1]);
  return [...found];
}

/** Tarjan's strongly connected components of `graph` (Map file → Set of files); only those of two or more. */
export function cyclesOf(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    // iterative DFS to stay clear of the call stack on deep graphs
    const work = [[v, [...(graph.get(v) ?? [])], 0]];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const w = next[frame[2]++];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(graph.get(w) ?? [])], 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== node);
        if (component.length > 1) out.push(component);
      }
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The graph of every source file under `roots`. */
export function importGraph(roots) {
  const graph = new Map();
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const file of sourceFiles(root)) {
      const targets = new Set();
      for (const s of specifiersOf(fs.readFileSync(file, 'utf8'))) {
        const to = resolveSpecifier(file, s);
        if (to) targets.add(to);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Shortest path from `a` back to `a` inside one component, to name the circle in the lint message. */
export function circleThrough(graph, component, a, b) {
  const members = new Set(component);
  const prev = new Map([[b, null]]);
  const queue = [b];
  while (queue.length) {
    const v = queue.shift();
    if (v === a) break;
    for (const w of graph.get(v) ?? []) {
      if (members.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const pathBack = [];
  for (let v = a; v !== null && v !== undefined; v = prev.get(v)) pathBack.unshift(v);
  return [a, ...pathBack];
}

// `node scripts/lib/import-cycles.mjs`: print every circle of the tree
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const c of cyclesOf(importGraph(SOURCE_ROOTS)))
    console.log(`${c.length} files:\n  ${c.map((f) => path.relative(REPO, f)).join('\n  ')}`);
}
