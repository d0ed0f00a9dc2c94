import { newId, type ShopPlan, slugify, stableUuid } from './plan';

/** PDF literal strings take Latin-1 with Helvetica; fold accents and escape delimiters. */
const pdfText = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '-')
    .replace(/[\\()]/g, (c) => `\\${c}`);

/** A minimal, valid one-page PDF with a heading and some lines of text. */
export function simplePdf(title: string, lines: string[]): string {
  const body = [
    'BT /F1 20 Tf 72 760 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -34 Td 16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

export type DigitalFileSeed = {
  title: string;
  filename: string;
  lines: string[];
  downloadLimit: number | null;
  downloadDays: number | null;
};

/**
 * Adds a product's downloadable files; each object lives at
 * `<shop_id>/files/<uuid>-<filename>`, the uuid derived from the shop and file name.
 */
export function addDigitalFiles(plan: ShopPlan, productId: string, files: DigitalFileSeed[]) {
  return files.map((file) => {
    const id = newId();
    const body = simplePdf(file.title, file.lines);
    const storageKey = `${plan.shopId}/files/${stableUuid(`${plan.shopId}/${file.filename}`)}-${slugify(file.filename.replace(/\.pdf$/, ''))}.pdf`;
    plan.rows.digitalFiles.push({
      id,
      shopId: plan.shopId,
      productId,
      title: file.title,
      filename: file.filename,
      storageKey,
      mimeType: 'application/pdf',
      sizeBytes: body.length,
      downloadLimit: file.downloadLimit,
      downloadDays: file.downloadDays,
      createdAt: plan.at(-300),
    });
    plan.objects.push({ key: storageKey, contentType: 'application/pdf', body });
    return { id, downloadLimit: file.downloadLimit, downloadDays: file.downloadDays };
  });
}
