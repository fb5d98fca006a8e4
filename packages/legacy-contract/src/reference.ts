import { z } from 'zod';
import { MAX_ITEMS_PER_PAGE, STREAM_CONTENT_TYPE } from './calls/shared.ts';
import { legacyCalls } from './calls.ts';
import { INTERNAL_ERROR_OUTPUT, SESSION_EXPIRED_OUTPUT } from './envelope.ts';
import {
  IDEMPOTENCY_BODY_FIELD,
  IDEMPOTENCY_HEADER_NAME,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_RULE,
} from './idempotency.ts';
import { formatBytes, type UploadSpec } from './upload.ts';

/*
 * Renders docs/legacy-api.md from the call registry, so the reference cannot drift from the
 * schemas both ends validate with. A test fails when the committed file is out of date.
 */

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
}

interface Row {
  field: string;
  type: string;
  required: boolean;
}

const SAFE = 9007199254740991;

function resolve(schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/$defs/', '');
  return defs[name] ?? {};
}

function describe(schema: JsonSchema, defs: Record<string, JsonSchema>, seen: Set<string>): string {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/$defs/', '');
    if (seen.has(name)) return 'the same shape, nested';
    return describe(resolve(schema, defs), defs, seen);
  }
  if (schema.anyOf) {
    const parts = schema.anyOf.map((part) => describe(part, defs, seen));
    return [...new Set(parts)].join(' or ');
  }
  if (Array.isArray(schema.type)) {
    return schema.type.map((type) => describe({ ...schema, type }, defs, seen)).join(' or ');
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  switch (schema.type) {
    case 'string': {
      const rules: string[] = [];
      if (schema.format) rules.push(schema.format);
      if (schema.minLength !== undefined && schema.maxLength !== undefined)
        rules.push(`${schema.minLength}–${schema.maxLength} chars`);
      else if (schema.maxLength !== undefined) rules.push(`≤ ${schema.maxLength} chars`);
      else if (schema.minLength) rules.push(`≥ ${schema.minLength} chars`);
      if (schema.pattern && !schema.format) rules.push(`\`${schema.pattern}\``);
      return rules.length ? `string (${rules.join(', ')})` : 'string';
    }
    case 'integer':
    case 'number': {
      const low =
        schema.exclusiveMinimum !== undefined
          ? `> ${schema.exclusiveMinimum}`
          : schema.minimum !== undefined && schema.minimum !== -SAFE
            ? `≥ ${schema.minimum}`
            : '';
      const high =
        schema.maximum !== undefined && schema.maximum !== SAFE ? `≤ ${schema.maximum}` : '';
      const range = [low, high].filter(Boolean).join(', ');
      return range ? `${schema.type} (${range})` : (schema.type ?? 'number');
    }
    case 'array':
      return `array of ${schema.items ? describe(schema.items, defs, seen) : 'any'}`;
    case 'object':
      if (schema.properties) return 'object';
      return 'object (any keys)';
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    default:
      return 'any';
  }
}

function rows(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  prefix: string,
  seen: Set<string>,
): Row[] {
  const resolved = resolve(schema, defs);
  const refName = schema.$ref?.replace('#/$defs/', '');
  if (refName && seen.has(refName)) return [];
  const nextSeen = refName ? new Set([...seen, refName]) : seen;
  if (resolved.type === 'array' && resolved.items) {
    return rows(resolved.items, defs, `${prefix}[]`, nextSeen);
  }
  const objectPart =
    resolved.anyOf?.find((part) => resolve(part, defs).type === 'object') ?? resolved;
  const object = resolve(objectPart, defs);
  if (object.type !== 'object' || !object.properties) return [];
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const field = prefix ? `${prefix}.${name}` : name;
    const own: Row = {
      field,
      type: describe(property, defs, nextSeen),
      required: object.required?.includes(name) ?? false,
    };
    return [own, ...rows(property, defs, field, nextSeen)];
  });
}

function table(schema: z.ZodType, io: 'input' | 'output'): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const defs = json.$defs ?? {};
  const found = rows(json, defs, '', new Set());
  if (found.length === 0) {
    const whole = describe(json, defs, new Set());
    return whole === 'object' ? '_No fields._' : `\`${whole}\``;
  }
  const header =
    io === 'input'
      ? '| Field | Type | Required |\n|---|---|---|'
      : '| Field | Type | Always present |\n|---|---|---|';
  const body = found.map(
    (row) =>
      `| \`${row.field}\` | ${row.type.replaceAll('|', '\\|')} | ${row.required ? 'yes' : 'no'} |`,
  );
  return [header, ...body].join('\n');
}

/** How an upload call's body differs: multipart, with one file part besides the fields below. */
function uploadNote(upload: UploadSpec | undefined): string[] {
  if (!upload) return [];
  return [
    `Sent as \`multipart/form-data\`: exactly one file part \`${upload.field}\` (at most ${formatBytes(upload.maxBytes)}; ${upload.accept.map((type) => `\`${type}\``).join(', ')}, recognised from the content) and the fields below as text parts. A missing file, a second file or a larger one is refused (HTTP 422, 422 and 413, flag 0) with the limit in the message.`,
    '',
  ];
}

export function renderReference(): string {
  const sections = Object.entries(legacyCalls).map(([name, call]) => {
    const refusals = call.refusals.length
      ? call.refusals.map((refusal) => `- ${refusal}`).join('\n')
      : '- None besides the common ones.';
    return [
      `### \`${call.method} ${call.path}\``,
      '',
      `${call.summary}`,
      '',
      `Name in the contract package: \`${name}\` · Token: ${call.authenticated ? 'required' : 'not needed'} · ${call.readOnly ? 'Read only (safe to retry)' : 'Writes (never retried)'}`,
      '',
      `**${call.method === 'GET' ? 'Query parameters' : 'Request body'}**`,
      '',
      ...uploadNote('upload' in call ? call.upload : undefined),
      table(call.request, 'input'),
      '',
      '**records** (when flag is 1)',
      '',
      table(call.records, 'output'),
      '',
      '**Refusals** (flag 0, HTTP 200)',
      '',
      refusals,
    ].join('\n');
  });
  return `<!-- Generated from packages/legacy-contract by \`npm run docs\`. Do not edit by hand. -->

# The legacy API

Every call of the legacy contract as \`apps/legacy-api\` implements it and the gateway expects it. The
schemas in \`packages/legacy-contract\` are the source of this page: legacy-api validates requests
with them, the gateway validates answers with them, and a test fails when this page is out of date.

## Conventions

- Every call is \`POST /api/<resource>/<action>\` with a JSON body, except \`GET /api/pages/version-info\`.
- The answer is always the envelope \`{ "flag": 1, "output": "message", "records": … }\`. \`flag\` 1 is
  success; any other value is a refusal whose \`output\` can be shown to the user as it is.
- **Message codes** (an extension; a server may leave them out): beside \`output\` the envelope may carry
  \`code\`, the message's stable key (\`record.created\`, \`purchaseOrder.verified\`, …), and \`params\`, the
  values it names (\`{ "resource": "Vendor", "label": "Acme" }\`), by which a client words it in its user's
  language (packages/i18n's server texts); rows say their statuses' codes beside the texts the same way
  (\`StatusCode\`, …) and menu entries their module (\`MenuModule\`). Without a code the \`output\` is shown.
- **Token.** API version 1 sends \`Authorization: Bearer <token>\`. API version 2 sends the token in the
  body as \`token\`, and may send the body form-encoded (\`application/x-www-form-urlencoded\`). The
  server accepts both on the same paths; when both are present the header wins.
- **Form-encoded values** are text: every number, id, decision (\`1\`/\`0\`) and flag (\`true\`/\`false\`)
  is also accepted as its text form, as the types below show.
- **Field names** are PascalCase, as in the legacy application. Unknown fields are ignored.
- **Money** is sent as text with two decimals (\`"1234.50"\`), never as a floating-point number. Dates in
  list rows are display text \`DD-MM-YYYY\`; moments are ISO 8601 with an offset.
- **Documents** (logos, purchase-order PDFs, quotations) are links relative to the API's base address,
  such as \`files/purchase-orders/PO-CHN-ANN-2026-27-0001.pdf\`, served by \`GET /files/<folder>/<name>\`
  with the token in the \`Authorization\` header. A document of a branch is served only to those who work
  in that branch (404 otherwise).

## Common answers

| HTTP | flag | When | output |
|---|---|---|---|
| 200 | 1 | Success | A short message; for decisions, the text to show in the success alert |
| 200 | 0 | A refusal: no permission, wrong state, not found, … | Why, in words for the user |
| 401 | 0 | No token, an unknown, expired (idle or absolute) or revoked token | \`${SESSION_EXPIRED_OUTPUT}\` |
| 404 | 0 | No such call | \`Unknown call.\` |
| 413 | 0 | The body is larger than \`BODY_LIMIT_BYTES\` | \`The request body is too large.\` |
| 415 | 0 | A body that is neither JSON nor form-encoded | \`Send the request body as JSON or form-encoded.\` |
| 422 | 0 | The body is not valid JSON, or a field breaks its rule; nothing is written. Every field of every call is refused text PostgreSQL or a workbook cannot hold (U+0000 and the other C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF; half a surrogate pair), checked at the edge before the call's own rules | The field and the rule, e.g. \`Reason is required\`, \`Filters.StatusTxt must not contain control characters\` |
| 409 | 0 | A write whose \`${IDEMPOTENCY_HEADER_NAME}\` belongs to a request still running (after waiting up to 10 s for it), or to one carried out whose answer was lost | What to do: wait and reload, or reload; never repeat it |
| 429 | 0 | Too many failed password checks of the user name or from the client address (login, change-password), with \`Retry-After\`; or the server busy with uploads | How long to wait, e.g. \`Too many failed logins for this user name. Try again in 15 minutes, or ask an administrator to unlock the login.\` |
| 500 | 0 | An unexpected failure; the detail is in the server log under the request id | \`${INTERNAL_ERROR_OUTPUT}\` |

Every answer carries an \`x-request-id\` header: the caller's own \`x-request-id\` when it sent a valid one,
otherwise a new id. It is the id in the server's log lines for that request.

## Idempotent writes (extension)

Every call that changes something (every call but the reads, which a client may repeat freely)
accepts an \`${IDEMPOTENCY_HEADER_NAME}\` header, or in API version 2 a \`${IDEMPOTENCY_BODY_FIELD}\` body field: a
text that ${IDEMPOTENCY_KEY_RULE} (HTTP 422 otherwise), new for each new request. The server carries
out a call once per caller and key: the same key again, with the same request, answers the first
answer (success or refusal) with the header \`Idempotent-Replayed: true\` and changes nothing; sent
while the first is still running it waits for it (409 if it runs on). The same key with another
request is 422. The key is kept with the caller, the request's fingerprint and the answer, in the
same transaction as the change, for ${IDEMPOTENCY_KEY_HOURS} hours; afterwards it is a new request. A
call without a key behaves as before. How a client that got no answer (a timeout, a lost
connection) learns what happened: send the request again with its key.

## Login throttling

Failed password checks (\`api/auth/login\`, and the current password of \`api/auth/change-password\`)
are counted per user name (as typed, whether or not it exists) and per client address. Reaching
\`LOGIN_FAILURES_PER_ACCOUNT\` (5) or \`LOGIN_FAILURES_PER_ADDRESS\` (50) within \`LOGIN_LOCK_MINUTES\` (15)
locks the user name or the address for as long: HTTP 429, flag 0, with the minutes left and
\`Retry-After\`, whatever the password. Successful logins never count, and one forgives the user
name's earlier failures. The client address is the peer's, or the \`X-Forwarded-For\` client of a
peer that \`TRUST_PROXY\` trusts (the gateway). \`api/staff/unlock-login\` ends a user name's lock.

## Lists: pages, search, sort and filters (extension)

Every table list (\`api/<resource>/lists\`, and \`api/branch/records\`) accepts eight optional fields.
A call with none of them answers every row in the list's default order and no \`TotalCount\`, exactly
as the legacy server does, so a caller that knows nothing of paging is unaffected. With any of them the
call answers one page in \`TableData\` and \`TotalCount\`, the number of rows matching \`Search\` and
\`Filters\` over all pages.

| Field | Meaning |
|---|---|
| \`Page\` | 1-based page number (default 1). A page past the end answers no rows and the count. |
| \`ItemsPerPage\` | 1 to ${MAX_ITEMS_PER_PAGE} (default: the list's \`TableOptions.ItemsPerPage\`, 10). |
| \`Search\` | Free text, at most 100 characters. Each word must appear, without regard to case, in some column as the row shows it (codes, names, numbers, \`DD-MM-YYYY\` dates, status texts). Columns marked \`sortable: false\` (a thumbnail) are not searched. |
| \`SortBy\` | A header \`value\` whose header is not \`sortable: false\`. Numbers sort as numbers, dates by date, text lower-cased in code point order. Rows that sort alike keep the default order. |
| \`SortDesc\` | \`true\` for descending. |
| \`Filters\` | An object of row field to value (JSON text when form-encoded): only rows showing exactly that value (text compared without case). Each list names the fields it filters on; another is refused. Purchase orders: \`StatusTxt\` (\`Pending\`, \`Approved\`, …). Vendors and branch records: \`StateId\`. Gallery: \`Kind\`. Master lists with a parent: the parent's name field. |
| \`After\` | The \`ItemKey\` value of the last row already read: the page after that row in the same order, search and filters (\`Page\` is then not used and \`TotalCount\` not counted again). How a long list is read to its end: an index range rather than an ever longer offset. A key not in the list is refused. |
| \`Stream\` | \`true\`: every page from the one asked for (by \`After\` or \`Page\`) to the end of the list, in one answer of type \`${STREAM_CONTENT_TYPE}\`: one line per page of \`ItemsPerPage\` rows (a JSON array of rows, each as \`TableData\` holds it), then a last line \`{"flag":1,"output":"N rows.","records":null}\`. A refusal of the first page is an ordinary answer; an answer without its last line was cut off. How the gateway exports a long list without a call per page. A server that does not know it answers the one page; only a server that knows \`After\` may stream. |
| \`Fields\` | With \`Stream\` only: the row fields the caller reads (a list of 1 to 60 names; JSON text when form-encoded). Each streamed row then holds only the \`ItemKey\` and these, in that order. An export reads its columns, not a row's colours and action flags: a third of the bytes to write and to parse. A name the list's rows do not have is refused; without \`Stream\` it is not read (a page holds whole rows). A server that does not know it streams whole rows. |

A bad value is HTTP 422 naming the field (\`SortBy must be one of …\`, \`Filters.X is not a filter of
this list …\`). legacy-api answers the purchase-order list with SQL (a count, then the page; a page in
the far half of the list is read backwards from its end), the others in memory: the same meaning either
way, written once in \`packages/legacy-contract/src/paging.ts\`, which is also what the gateway applies
to a legacy server's full answer when it sends no \`TotalCount\`.

## Purchase orders: states and decisions

An order has an overall status and two decision tracks, shown as three coloured chips.

| Status (\`StatusTxt\`) | Verification (\`VerifiedStatusTxt\`) | Approval (\`ApprovalStatusTxt\`) | Row actions that can be offered |
|---|---|---|---|
| Pending | Pending | Pending | Verify, Edit, Cancel |
| Waiting For Approval | Verified | Waiting For Approval | Approve, Cancel |
| Approved | Verified | Approved | — |
| Rejected (at verification) | Rejected | Not eligible | Edit, Cancel |
| Rejected (at approval) | Verified | Rejected | Edit, Cancel |
| Cancelled | Cancelled or as decided | Cancelled or as decided | — |
| Completed (goods received) | Verified | Approved | — |

A row action is offered (its flag is true) when the user's role has the grant (\`verify\`, \`approve\`,
\`edit\`, \`delete\` on \`purchase_order\`), the user works in the billed branch, and the state allows it.
The server checks all of it again when the action is taken: a flag hides a button, it grants nothing.
Verification comes before approval; every decision needs a reason; a decision is final. Two decisions
on one order at the same moment: exactly one is taken, the other is refused. Every decision is written
to the audit log in the same transaction, and \`purchase-order/show\` returns it as \`History\`.

Chip colours come with the row (\`…BgColor\`, \`…TextColor\`): a light tint of the legacy tone colour with
a darker text colour that meets WCAG AA contrast.

## Calls

${sections.join('\n\n')}
`;
}
