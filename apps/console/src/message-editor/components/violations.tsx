import { Typography } from 'antd';

/** A readable line for one content-check violation (60003): the language, field, words and reason it names. */
export function violationText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    const words = Array.isArray(o.keywords)
      ? o.keywords.join(', ')
      : Array.isArray(o.words)
        ? o.words.join(', ')
        : typeof o.word === 'string'
          ? o.word
          : '';
    const parts = [
      typeof o.lang === 'string' ? `[${o.lang}]` : '',
      typeof o.field === 'string' ? o.field : '',
      words ? `“${words}”` : '',
      typeof o.reason === 'string' ? o.reason : typeof o.message === 'string' ? o.message : '',
    ];
    const text = parts.filter(Boolean).join(' ');
    return text || JSON.stringify(item);
  }
  return String(item);
}

/** The list of violations a 60003 answer carries in `data` (an array, or an object with one). */
export function Violations({ data }: { data: unknown }) {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? (Object.values(data).find(Array.isArray) ?? [data])
      : [];
  return (
    <ul style={{ paddingLeft: 18, margin: 0 }}>
      {list.map((item, i) => (
        <li key={i}>
          <Typography.Text>{violationText(item)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
