/*
 * Reading an asset's QR label with a camera or from a photo: the browser's BarcodeDetector where it
 * reads QR codes (Android, macOS, ChromeOS), elsewhere the `barcode-detector` ponyfill (ZXing in
 * WebAssembly), loaded only when a scan starts and served from this app, never from a CDN.
 */

export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<readonly { rawValue: string }[]>;
}

interface NativeDetector {
  getSupportedFormats(): Promise<string[]>;
  new (options: { formats: string[] }): QrDetector;
}

let detector: Promise<QrDetector> | null = null;

async function makeDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code'))
    return new native({ formats: ['qr_code'] });
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? wasmUrl : prefix + path,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** The QR reader, made once. */
export function qrDetector(): Promise<QrDetector> {
  detector ??= makeDetector().catch((error: unknown) => {
    detector = null;
    throw error;
  });
  return detector;
}

/**
 * What a scanned code names: an asset page's address (the labels' QR codes: …#/asset/view?id=12)
 * by its id, anything else as a tag typed by a scanner or printed by another system.
 */
export function scannedAsset(text: string): { id: string } | { tag: string } | null {
  const code = text.trim();
  if (code === '') return null;
  const page = /#\/asset\/view\?(?:.*&)?id=([1-9]\d{0,9})(?:&|$)/.exec(code);
  if (page?.[1]) return { id: page[1] };
  return { tag: code };
}
