/** The width a string takes when drawn, in the caller's units. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';
// Cutting between grapheme clusters keeps an Indic syllable (consonant, virama, vowel sign) whole.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function clustersOf(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** How many leading clusters fit, by binary search; at least one, so a caller always progresses. */
function longestFitting(clusters: readonly string[], fits: (prefix: string) => boolean): number {
  let low = 1;
  let high = clusters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(clusters.slice(0, middle).join(''))) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** `text` if it fits `width`, else as much of it as fits followed by an ellipsis. */
export function ellipsise(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const clusters = clustersOf(text);
  const withEllipsis = (prefix: string) => `${prefix.trimEnd()}${ELLIPSIS}`;
  const count = longestFitting(clusters, (prefix) => measure(withEllipsis(prefix)) <= width);
  return withEllipsis(clusters.slice(0, count).join(''));
}

/**
 * Wraps `text` at spaces into at most `maxLines` lines of `width`; a word longer than a line is cut
 * between graphemes, and what does not fit in the last line ends in an ellipsis.
 */
export function wrapLines(
  text: string,
  width: number,
  maxLines: number,
  measure: Measure,
): string[] {
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  const lines: string[] = [];
  while (words.length > 0 && lines.length < maxLines - 1) {
    let line = words.shift() ?? '';
    if (measure(line) > width) {
      const clusters = clustersOf(line);
      const count = longestFitting(clusters, (prefix) => measure(prefix) <= width);
      if (count < clusters.length) words.unshift(clusters.slice(count).join(''));
      lines.push(clusters.slice(0, count).join(''));
      continue;
    }
    while (words.length > 0 && measure(`${line} ${words[0]}`) <= width) {
      line += ` ${words.shift()}`;
    }
    lines.push(line);
  }
  if (words.length > 0) lines.push(ellipsise(words.join(' '), width, measure));
  return lines;
}
