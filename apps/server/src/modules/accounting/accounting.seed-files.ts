import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** What a demo supplier's invoice says: enough to look like one when opened. */
export interface DemoBillFile {
  supplier: string;
  number: string;
  issueDate: string;
  currency: string;
  amount: string;
  lines: string[];
}

/** A one-page supplier invoice in plain Helvetica (a few KB), as suppliers send them. */
export function demoBillPdf(bill: DemoBillFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${bill.number}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(bill.supplier);
    doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#555').text('Accounts receivable');
    doc.moveDown(2).fillColor('#000').fontSize(14).font('Helvetica-Bold').text(`INVOICE ${bill.number}`);
    doc.font('Helvetica').fontSize(10).text(`Date: ${bill.issueDate}`);
    doc.moveDown();
    for (const line of bill.lines) doc.text(line);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(`Total due: ${bill.currency} ${bill.amount}`);
    doc.end();
  });
}

/** A supplier invoice photographed as a PNG (the other kind of file accounting receives). */
export async function demoBillPng(bill: DemoBillFile): Promise<Buffer> {
  const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = bill.lines
    .map((l, i) => `<text x="40" y="${170 + i * 22}" font-size="15">${xml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="420">
    <rect width="100%" height="100%" fill="#fbfaf7"/>
    <g font-family="Liberation Sans, Arial, sans-serif" fill="#222">
      <text x="40" y="60" font-size="26" font-weight="bold">${xml(bill.supplier)}</text>
      <text x="40" y="110" font-size="18">Invoice ${xml(bill.number)} · ${bill.issueDate}</text>
      ${rows}
      <text x="40" y="380" font-size="18" font-weight="bold">Total ${bill.currency} ${bill.amount}</text>
    </g></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
