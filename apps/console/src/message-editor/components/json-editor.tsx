import { FormatPainterOutlined } from '@ant-design/icons';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { Alert, Button, Flex, Form, theme as antdTheme, Tooltip, Typography } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cleanCrossJson, findJsonError, RESERVED_CROSS_KEYS } from '@beacon/shared';
import { prettyJson } from '../../lib/json-text';
import { jsonProblem } from '../lib/cross-values';
import { jsonReasonText, jsonSyntaxText } from '../lib/json-problem-text';

export interface JsonEditorProps {
  /** The editable element's id (Form.Item passes the field's). */
  id?: string;
  value?: string;
  onChange?: (text: string) => void;
  /** The editor's accessible name. */
  label: string;
  placeholder?: string;
  /** The editing area's least height in pixels. */
  minHeight?: number;
  /** Names the reserved keys, and those of the text that will be dropped (a cross message's content). */
  reservedNote?: boolean;
  /** Shows the syntax error under the editor; off inside a form item whose own error line says it. */
  showError?: boolean;
  /** Marks the editor invalid (a form item's error). */
  invalid?: boolean;
}

/** A change the editor receives from its `value`, not from typing: not reported back through onChange. */
const fromProp = Annotation.define<boolean>();

/** Marks where the text stops being JSON (findJsonError: engines' JSON.parse messages do not all say where). */
function jsonDiagnostics(view: EditorView, t: TFunction): Diagnostic[] {
  const text = view.state.doc.toString();
  if (text.trim() === '') return [];
  const found = findJsonError(text);
  if (!found) return [];
  const from = Math.min(found.offset, text.length);
  const message = jsonReasonText(t, found.problem, found.expected);
  return [{ from, to: Math.min(from + 1, text.length), severity: 'error', message }];
}

/** The focus outline's colour, set on the editor's host: the error colour while the field is invalid. */
const FOCUS_COLOR = '--json-editor-focus';

const theme = (minHeight: number) =>
  EditorView.theme({
    '&': { fontSize: '13px', borderRadius: '6px', background: '#fff' },
    '&.cm-focused': { outline: `2px solid var(${FOCUS_COLOR}, #4c6ef5)`, outlineOffset: '-1px' },
    '.cm-content, .cm-gutter': { minHeight: `${minHeight}px` },
    '.cm-scroller': {
      maxHeight: '420px',
      overflow: 'auto',
      fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
    },
  });

/**
 * A JSON editor (CodeMirror 6): highlighting, a lint marker where the syntax fails, Format (two-space indent), the
 * error's line and column under it, and optionally the reserved keys cleanCrossJson drops. Tab is left unbound, so it
 * moves the focus on like in any field.
 */
export function JsonEditor({
  id,
  value,
  onChange,
  label,
  placeholder = '',
  minHeight = 180,
  reservedNote = false,
  showError = true,
  invalid = false,
}: JsonEditorProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const tRef = useRef(t);
  tRef.current = t;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const attributes = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [text, setText] = useState(value ?? '');
  const errorId = useId();

  const contentAttributes = (describedBy: boolean) =>
    EditorView.contentAttributes.of({
      'aria-label': label,
      'aria-multiline': 'true',
      ...(id ? { id } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
      ...(describedBy ? { 'aria-describedby': errorId } : {}),
    });

  const problem = useMemo(() => (text.trim() === '' ? undefined : jsonProblem(text)), [text]);
  const errorText =
    problem?.kind === 'syntax' ? jsonSyntaxText(t, problem) : problem ? t('compose.json.notObject') : '';

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value ?? '',
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          indentOnInput(),
          linter((v) => jsonDiagnostics(v, tRef.current), { delay: 250 }),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          placeholderText(placeholder),
          EditorView.lineWrapping,
          theme(minHeight),
          attributes.current.of(contentAttributes(false)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const next = update.state.doc.toString();
            setText(next);
            if (!update.transactions.some((tr) => tr.annotation(fromProp))) onChangeRef.current?.(next);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // the editor is made once; value, attributes and the callback reach it through the effects below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || value === undefined || value === editor.state.doc.toString()) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: fromProp.of(true),
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: attributes.current.reconfigure(contentAttributes(showError && errorText !== '')),
    });
    // contentAttributes reads only these
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, id, invalid, showError, errorText]);

  const pretty = problem || text.trim() === '' ? undefined : prettyJson(text);
  const handleFormat = () => {
    const editor = view.current;
    if (!editor || pretty === undefined || pretty === text) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: pretty } });
  };

  const bad = invalid || (showError && errorText !== '');
  return (
    <Flex vertical gap={6} data-testid="json-editor">
      <div
        ref={host}
        data-invalid={bad ? 'true' : undefined}
        style={{
          border: `1px solid ${bad ? token.colorError : token.colorBorder}`,
          borderRadius: 6,
          // the focus outline (theme): the error colour while invalid
          ...(bad ? { [FOCUS_COLOR]: token.colorError } : {}),
        }}
      />
      <Flex justify="space-between" align="start" gap={12}>
        <div style={{ flex: 1, minWidth: 0 }}>
          {showError && errorText && (
            <Typography.Text type="danger" id={errorId} data-testid="json-error" aria-live="polite">
              {errorText}
            </Typography.Text>
          )}
        </div>
        <Tooltip title={errorText || undefined}>
          <Button
            size="small"
            icon={<FormatPainterOutlined />}
            onClick={handleFormat}
            disabled={pretty === undefined}
            aria-label={t('compose.json.formatLabel', { label })}
          >
            {t('compose.json.format')}
          </Button>
        </Tooltip>
      </Flex>
      {reservedNote && <ReservedKeysNote text={text} />}
    </Flex>
  );
}

/**
 * The reserved keys cleanCrossJson drops: those of `text` that will be dropped, or the list of them. Under the
 * editor's error line (a form item's `extra` when the item says the error).
 */
export function ReservedKeysNote({ text }: { text: string | undefined }) {
  const { t } = useTranslation();
  const dropped = useMemo(() => {
    if (!text || text.trim() === '') return [];
    const cleaned = cleanCrossJson(text);
    return cleaned.ok ? cleaned.dropped : [];
  }, [text]);
  return dropped.length > 0 ? (
    <Alert
      type="warning"
      showIcon
      data-testid="json-dropped"
      title={t('compose.json.dropped', { keys: dropped.join(', '), count: dropped.length })}
    />
  ) : (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="json-reserved">
      {t('compose.json.reserved', { keys: RESERVED_CROSS_KEYS.join(', ') })}
    </Typography.Text>
  );
}

/** The editor as a Form.Item's control: invalid while the item shows an error, which also says the syntax error. */
export function FormJsonEditor(props: Omit<JsonEditorProps, 'invalid' | 'showError'>) {
  const { status } = Form.Item.useStatus();
  return <JsonEditor {...props} invalid={status === 'error'} showError={false} />;
}
