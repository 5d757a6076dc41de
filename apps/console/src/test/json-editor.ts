// Tests only: replaces the text of a JSON editor (CodeMirror) as a user edit, for the screen tests.
import { EditorView } from '@codemirror/view';
import { act } from '@testing-library/react';

/** Tests only: replaces the text of the n-th JSON editor under `root` as a user edit (jsdom cannot type into it). */
export function typeJson(root: ParentNode, text: string, n = 0): void {
  const dom = root.querySelectorAll<HTMLElement>('.cm-editor')[n];
  const view = dom ? EditorView.findFromDOM(dom) : null;
  if (!view) throw new Error('no CodeMirror view');
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' });
  });
}
