export const TOPIC_PATTERN = /^[a-zA-Z0-9\-_.~%]+$/;
const MAX_CONDITION_TOPICS = 5;

type Tok = '(' | ')' | '&&' | '||' | '!' | { topic: string };

function tokenize(src: string): Tok[] | undefined {
  const out: Tok[] = [];
  const re = /\s*(?:(&&|\|\||!|\(|\))|'([^']*)'\s+in\s+topics\b|"([^"]*)"\s+in\s+topics\b)/y;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(src);
    if (m === null) return undefined;
    pos = re.lastIndex;
    const op = m[1] as Tok | undefined;
    if (op !== undefined) out.push(op);
    else out.push({ topic: m[2] ?? m[3] ?? '' });
  }
  return out;
}

/**
 * Whether `condition` is a valid FCM topic condition: quoted topics `'T' in topics` combined with
 * `&&`, `||`, `!` and parentheses, at most five topics, each matching the topic pattern.
 */
export function isValidCondition(condition: string): boolean {
  const toks = tokenize(condition);
  if (toks === undefined || toks.length === 0) return false;
  let i = 0;
  let topics = 0;
  const peek = (): Tok | undefined => toks[i];
  const unary = (): boolean => {
    const t = peek();
    if (t === '!') {
      i++;
      return unary();
    }
    if (t === '(') {
      i++;
      if (!or()) return false;
      if (peek() !== ')') return false;
      i++;
      return true;
    }
    if (typeof t === 'object') {
      i++;
      topics++;
      return TOPIC_PATTERN.test(t.topic);
    }
    return false;
  };
  const and = (): boolean => {
    if (!unary()) return false;
    while (peek() === '&&') {
      i++;
      if (!unary()) return false;
    }
    return true;
  };
  const or = (): boolean => {
    if (!and()) return false;
    while (peek() === '||') {
      i++;
      if (!and()) return false;
    }
    return true;
  };
  return or() && i === toks.length && topics <= MAX_CONDITION_TOPICS;
}
