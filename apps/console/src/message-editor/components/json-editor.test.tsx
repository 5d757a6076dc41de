import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import '../../test-utils';
import { JsonEditor } from './json-editor';
import { typeJson } from '../../test/json-editor';

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await act(async () => i18n.changeLanguage('en'));
});

function Harness({ initial, reservedNote = true }: { initial: string; reservedNote?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <JsonEditor label="Content" value={value} onChange={setValue} reservedNote={reservedNote} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('JsonEditor', () => {
  it('renders a labelled editor whose Tab is not trapped, and reports typing through onChange', () => {
    render(<Harness initial={'{"a": 1}'} />);
    const content = screen.getByRole('textbox', { name: 'Content' });
    expect(content.getAttribute('contenteditable')).toBe('true');
    expect(content.textContent).toContain('"a": 1');
    typeJson(document, '{"b": 2}');
    expect(screen.getByTestId('value').textContent).toBe('{"b": 2}');
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    content.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
  });

  it('names the line and column of a syntax error, disables Format and marks the line', async () => {
    render(<Harness initial={'{\n  "a": 1,\n}'} />);
    expect(screen.getByTestId('json-error').textContent).toBe('Line 3, column 1: Trailing comma');
    expect(screen.getByRole('button', { name: /Format/ }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(document.querySelector('.cm-lint-marker-error')).toBeTruthy());
  });

  it('pretty-prints with two spaces and lists the reserved keys it will drop', () => {
    render(<Harness initial={'{"tcm_msg_id":"x","deal":{"id":7}}'} />);
    expect(screen.getByTestId('json-dropped').textContent).toContain('tcm_msg_id');
    fireEvent.click(screen.getByRole('button', { name: /Format/ }));
    expect(screen.getByTestId('value').textContent).toBe(
      '{\n  "tcm_msg_id": "x",\n  "deal": {\n    "id": 7\n  }\n}',
    );
  });

  it('words the syntax error in the console language, and colours the focus outline as an error', async () => {
    await act(async () => setLanguage('fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    render(<Harness initial={'{"a": 1 "b": 2}'} />);
    await waitFor(() =>
      expect(screen.getByTestId('json-error').textContent).toBe('Ligne 1, colonne 9 : "," ou "}" attendu'),
    );
    const host = screen.getByTestId('json-editor').firstElementChild as HTMLElement;
    expect(host.style.getPropertyValue('--json-editor-focus')).not.toBe('');
    await act(async () => setLanguage('zh'));
    // the zh resources load on demand: a busy run (the full suite on two cores) took longer than waitFor's 1 s
    await waitFor(() => expect(i18n.language).toBe('zh'), { timeout: 10_000 });
    await waitFor(
      () => expect(screen.getByTestId('json-error').textContent).toBe('第 1 行第 9 列：此处应为 "," 或 "}"'),
      { timeout: 10_000 },
    );
  });

  it('puts the reserved-keys note after the error line', () => {
    render(<Harness initial={'{"a": }'} />);
    const error = screen.getByTestId('json-error');
    const note = screen.getByTestId('json-reserved');
    expect(error.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when the JSON is not an object', () => {
    render(<Harness initial="[1, 2]" reservedNote={false} />);
    expect(screen.getByTestId('json-error').textContent).toBe('The content must be a JSON object ({…})');
  });
});
