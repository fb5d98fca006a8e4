import { create } from 'qrcode';

/** The light border a reader needs around the symbol, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

/** A horizontal stretch of dark modules, in modules from the outer edge of the quiet zone. */
export interface ModuleRun {
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

export interface QrSymbol {
  /** Modules across, quiet zone included. */
  readonly size: number;
  readonly runs: readonly ModuleRun[];
}

/**
 * The QR code of `text` at error correction M, as runs of dark modules: one rectangle per run
 * instead of per module keeps the PDF small and leaves no hairline seams between modules.
 */
export function qrSymbol(text: string): QrSymbol {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const runs: ModuleRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && Boolean(modules.get(row, col));
      if (dark && start < 0) start = col;
      else if (!dark && start >= 0) {
        runs.push({ x: start + QUIET_ZONE, y: row + QUIET_ZONE, width: col - start });
        start = -1;
      }
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, runs };
}
