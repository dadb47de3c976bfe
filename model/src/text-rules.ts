/**
 * What a stored text may hold, beyond the spec's required and length rules: no control characters (a NUL is also
 * what PostgreSQL refuses), no lone UTF-16 surrogates (they would be stored as U+FFFD), nothing invisible at the
 * edges (zero-width and bidi controls and characters that draw nothing are trimmed like spaces, so a name of them
 * alone is empty), and one Unicode form (NFC), so a search for "é" finds "e" + combining accent.
 * Pure functions: the zod model and the API use them.
 */

/** C0 and C1 controls and DEL; `multiLine` texts (textareas) keep line breaks and tabs. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
/** A surrogate not part of a pair: JavaScript strings may hold one, UTF-8 cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

/** White space, zero-width characters, bidi marks, embeddings, overrides and isolates, the BOM. */
const INVISIBLE =
  '\\s\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
/**
 * Characters that draw nothing though Unicode counts them as letters, symbols or marks: the Hangul fillers (U+115F,
 * U+1160, U+3164, U+FFA0), the blank Braille pattern (U+2800), and the marks the combining grapheme joiner (U+034F)
 * and the Khmer inherent vowels (U+17B4, U+17B5), outside the class, where they would combine with its characters.
 */
const DRAWS_NOTHING = '[\\u115f\\u1160\\u2800\\u3164\\uffa0]|\\u034f|\\u17b4|\\u17b5';
const BLANK = `(?:[${INVISIBLE}]|${DRAWS_NOTHING})+`;
const INVISIBLE_EDGES = new RegExp(`^${BLANK}|${BLANK}$`, 'gu');

function hasControlCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? CONTROL_BUT_LINES : CONTROL).test(text);
}

function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The text without white space or invisible characters at its edges. */
export function trimInvisible(text: string): string {
  return text.replace(INVISIBLE_EDGES, '');
}

/** The one form texts are stored and searched in. */
export function normalizeText(text: string): string {
  return text.normalize('NFC');
}

/** Why a text cannot be stored as it is, in words that follow its label; null when it can. */
export function badCharacters(text: string, multiLine = false): string | null {
  if (hasLoneSurrogate(text)) return 'contains an invalid character (a lone UTF-16 surrogate)';
  if (hasControlCharacters(text, multiLine))
    return multiLine
      ? 'must not contain control characters (line breaks and tabs are fine)'
      : 'must not contain control characters (such as NUL, tabs or line breaks)';
  return null;
}
