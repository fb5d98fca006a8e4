/**
 * Export throughput and memory: 1,000,000 rows × 12 columns through the same writer the
 * /exports route uses, into a sink that drains like a network socket. Prints rows per second and
 * peak RSS. Targets (issue 3): ≥ 100k rows/s, ≤ 256 MB.
 */
import { Writable } from 'node:stream';
import { writeWorkbook } from '../src/exports/workbook.ts';

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const columns = Array.from({ length: 12 }, (_, index) => ({
  field: `F${index}`,
  header: `Column ${index + 1}`,
}));

/** Pages of 1,000 rows, as an export reads them from the legacy server. */
function* pages() {
  for (let start = 0; start < ROWS; start += 1000) {
    const page = [];
    for (let index = start; index < Math.min(ROWS, start + 1000); index += 1) page.push(row(index));
    yield page;
  }
}

function row(index: number) {
  return {
    F0: `PO/CHN-ANN/2026-27/${String(index).padStart(6, '0')}`,
    F1: '22-11-2026',
    F2: 'Chennai Anna Nagar',
    F3: 'Chennai Velachery',
    F4: 'Medline Equipments India Pvt Ltd',
    F5: 'Verified',
    F6: 'Waiting For Approval',
    F7: 'Pending',
    F8: index * 3,
    F9: (index % 1000) + 0.5,
    F10: index % 2 === 0,
    F11: 'Remarks text of moderate length for the row',
  };
}

let bytes = 0;
// A sink with a socket-sized buffer that takes a moment now and then, so backpressure really happens.
const sink = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _encoding, callback) {
    bytes += chunk.length;
    if (bytes % (1024 * 1024) < chunk.length) setImmediate(callback);
    else callback();
  },
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const count = await writeWorkbook(sink, columns, pages());
await new Promise<void>((resolve) => sink.end(resolve));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

console.log(
  `export rows                       ${count.toLocaleString('en-IN')} × ${columns.length} columns`,
);
console.log(`export time                       ${seconds.toFixed(1)} s`);
console.log(
  `export throughput                 ${Math.round(count / seconds).toLocaleString('en-IN')} rows/s   (target ≥ 100,000)`,
);
console.log(`export workbook size              ${(bytes / 1024 / 1024).toFixed(1)} MB`);
console.log(
  `export peak RSS                   ${(peakRss / 1024 / 1024).toFixed(0)} MB   (target ≤ 256)`,
);
