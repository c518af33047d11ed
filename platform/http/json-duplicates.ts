/**
 * Finds a key that appears twice in one object of a JSON text. JSON.parse keeps the last
 * one silently, so `{"amount": 100, "amount": -100}` would mean whatever the last writer
 * wanted, and two readers of the same body (a proxy, a signature check) could disagree.
 *
 * Runs on text that JSON.parse has already accepted, so it only tracks structure: one pass,
 * no allocation per value, keys decoded only when they hold an escape ("a" and "\u0061"
 * are the same key).
 */
export interface DuplicateKey {
  key: string;
  /** where the second occurrence is, as jsonPath wants it */
  path: Array<string | number>;
}

interface Frame {
  /** keys seen so far; undefined for an array */
  keys: Set<string> | undefined;
  /** this container's place in its parent */
  at: string | number | undefined;
  /** the next array index, or the last key read */
  index: number;
  key: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function firstDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (top.keys.has(key)) return { key, path: [...pathOf(stack), key] };
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const parent = stack[stack.length - 1];
      const at = parent ? (parent.keys ? parent.key : parent.index) : undefined;
      stack.push({ keys: c === 0x7b ? new Set() : undefined, at, index: 0, key: undefined });
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) expectKey = true;
      else if (top) top.index++;
    }
  }
  return undefined;
}

/** Index of the closing quote of the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i;
    else i++;
  }
}

function pathOf(stack: Frame[]): Array<string | number> {
  const path: Array<string | number> = [];
  for (let d = 1; d < stack.length; d++) path.push(stack[d]!.at!);
  return path;
}
