/*
 * The demo's documents: small but real files, so that download links open something.
 * A one-page PDF with lines of text, and an SVG logo with the branch code.
 */

function pdfText(value: string): string {
  return value.replace(/[\\()]/g, (character) => `\\${character}`).replace(/[^\x20-\x7e]/g, '?');
}

export function simplePdf(title: string, lines: readonly string[]): Uint8Array {
  const content = [
    'BT',
    '/F1 16 Tf',
    '50 790 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 10 Tf',
    '0 -28 Td',
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -15 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Only printable ASCII is written above, so string length equals byte length.
  return new TextEncoder().encode(out);
}

export function logoSvg(code: string, color: string): Uint8Array {
  const label = code.split('-')[0] ?? code;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${code}">
<rect width="96" height="96" rx="18" fill="${color}"/>
<text x="48" y="57" font-family="Arial, sans-serif" font-size="26" font-weight="700" fill="#FFFFFF" text-anchor="middle">${label}</text>
</svg>
`;
  return new TextEncoder().encode(svg);
}
