import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The contract's paging fields: what a legacy server without paging has never heard of. */
const PAGING_FIELDS = [
  'Page',
  'ItemsPerPage',
  'Search',
  'SortBy',
  'SortDesc',
  'Filters',
  'After',
  'Stream',
  'Fields',
];

export interface RunningProxy {
  url: string;
  /** The list calls it passed on, each without its paging fields. */
  listCalls: number;
  /** The Fields of each streamed list call it received, before it dropped what it does not know. */
  streamedFields: unknown[];
  close(): Promise<void>;
}

/**
 * A legacy server that does not page, made from ours: every call is passed on to `target`, list
 * calls (api/…/lists, api/branch/records) without their paging fields, so they answer every row
 * and no TotalCount, as the company's own legacy server does.
 */
export async function startLegacyWithoutPaging(
  target: string,
  /** The fields it does not know (default: all paging fields; ['After'] for a server that pages by number only). */
  unknown: readonly string[] = PAGING_FIELDS,
  /** Cuts a streamed list answer off (resets the connection) after this many bytes. */
  cutStreamAfterBytes?: number,
): Promise<RunningProxy> {
  const upstream = new URL(target);
  const running: RunningProxy = {
    url: '',
    listCalls: 0,
    streamedFields: [],
    close: async () => {},
  };
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      let body = Buffer.concat(chunks);
      const isList = /\/api\/[a-z-]+\/(lists|records)$/.test(incoming.url ?? '');
      if (isList && /json/.test(incoming.headers['content-type'] ?? '') && body.length > 0) {
        const fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (fields.Stream === true) running.streamedFields.push(fields.Fields);
        for (const field of unknown) delete fields[field];
        body = Buffer.from(JSON.stringify(fields));
        running.listCalls += 1;
      }
      const headers = { ...incoming.headers, 'content-length': String(body.length) };
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          const streamed = /ndjson/.test(String(answer.headers['content-type']));
          if (cutStreamAfterBytes === undefined || !streamed) return answer.pipe(outgoing);
          let sent = 0;
          answer.on('data', (chunk: Buffer) => {
            if (sent + chunk.length > cutStreamAfterBytes) {
              outgoing.write(chunk.subarray(0, cutStreamAfterBytes - sent));
              answer.destroy();
              outgoing.destroy();
              return;
            }
            sent += chunk.length;
            outgoing.write(chunk);
          });
          answer.on('end', () => outgoing.end());
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  running.url = `http://127.0.0.1:${port}`;
  running.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return running;
}
