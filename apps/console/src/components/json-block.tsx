import { prettyJsonOfBase64 } from '../lib/json-text';

const STYLE = {
  margin: 0,
  maxHeight: 280,
  overflow: 'auto',
  fontSize: 12,
  background: '#f6f8fa',
  borderRadius: 6,
  padding: 8,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
} as const;

/** A base64 JSON field of a cross message (`trans_data`, `enlive_data`) as the device gets it, decoded and indented. */
export function JsonBlock({ b64, testId }: { b64: unknown; testId?: string }) {
  return (
    <pre style={STYLE} data-testid={testId}>
      {prettyJsonOfBase64(b64)}
    </pre>
  );
}
