import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { ColumnChoice } from './columnFit.ts';

/** What each column needs, px, by its key: `min` wrapped at spaces, `max` on one line. */
export type ColumnWidths = Readonly<Record<string, { min: number; max: number }>>;

/**
 * Measures what the table's columns need and the width its box has (ServerList, columnFit.ts).
 *
 * While `measuring`, the list renders every column; the table is then laid out once as narrow as
 * it can be and once on one line, and the list renders again without the columns that give way.
 * Both renders happen before the browser paints (a layout effect), so nothing flickers, and the
 * columns that gave way are not in the page at all. It measures again when the rows (`content`),
 * the language or a loaded font change what the texts need; a new box width only recomputes. The
 * box and the table are given by their refs (`boxRef`, `tableRef`), which follow them as a
 * failure hides and shows them. `content` must stay the same object until the rows change (the
 * answer as Apollo gives it), or every render would measure again.
 */
export function useColumnFit(content: unknown, language: string) {
  const [box, boxRef] = useState<HTMLElement | null>(null);
  const [table, tableRef] = useState<HTMLTableElement | null>(null);
  const [available, setAvailable] = useState(0);
  const [fontsLoaded, setFontsLoaded] = useState(0);
  const [measured, setMeasured] = useState<{
    content: unknown;
    language: string;
    fontsLoaded: number;
    widths: ColumnWidths;
  } | null>(null);
  const measuring =
    content !== undefined &&
    (measured?.content !== content ||
      measured.language !== language ||
      measured.fontsLoaded !== fontsLoaded);

  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts?.addEventListener) return;
    const loaded = () => setFontsLoaded((count) => count + 1);
    fonts.addEventListener('loadingdone', loaded);
    return () => fonts.removeEventListener('loadingdone', loaded);
  }, []);

  useLayoutEffect(() => {
    if (!box) return;
    setAvailable(box.clientWidth);
    const observer = new ResizeObserver(() => setAvailable(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  useLayoutEffect(() => {
    if (measuring && table)
      setMeasured({ content, language, fontsLoaded, widths: measureColumns(table) });
  });

  return { boxRef, tableRef, measuring, widths: measured?.widths ?? null, available };
}

/** The header cells' widths when the table is as narrow as it can be, and on one line. */
function measureColumns(table: HTMLTableElement): ColumnWidths {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])];
  const read = () =>
    headers.map((cell) => ({
      key: cell.dataset.column ?? '',
      width: cell.getBoundingClientRect().width,
    }));
  const width = table.style.width;
  table.style.width = '0px';
  const narrowest = read();
  table.style.width = 'max-content';
  const oneLine = read();
  table.style.width = width;
  return Object.fromEntries(
    narrowest.map(({ key, width: min }, index) => [
      key,
      { min: Math.ceil(min), max: Math.ceil(Math.max(min, oneLine[index]?.width ?? min)) },
    ]),
  );
}

const STORAGE_PREFIX = 'branch-assets.columns:';

function readChoices(screen: string): Record<string, ColumnChoice> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + screen) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, ColumnChoice] => entry[1] === 'shown' || entry[1] === 'hidden',
      ),
    );
  } catch {
    return {};
  }
}

/**
 * The columns the user chose to show or hide on a screen (the list's column chooser), remembered
 * in this browser per screen (its route).
 */
export function useColumnChoices(screen: string) {
  const [state, setState] = useState(() => ({ screen, choices: readChoices(screen) }));
  const current = state.screen === screen ? state.choices : readChoices(screen);
  if (state.screen !== screen) setState({ screen, choices: current });
  const save = useCallback(
    (choices: Record<string, ColumnChoice>) => {
      setState({ screen, choices });
      try {
        if (Object.keys(choices).length === 0) localStorage.removeItem(STORAGE_PREFIX + screen);
        else localStorage.setItem(STORAGE_PREFIX + screen, JSON.stringify(choices));
      } catch {
        // Without storage the choice lasts while the screen is open.
      }
    },
    [screen],
  );
  return {
    choices: current,
    choose: (key: string, choice: ColumnChoice) => save({ ...current, [key]: choice }),
    reset: () => save({}),
  };
}
