const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip archive of uncompressed ("stored") entries. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A models spreadsheet written the way other programs write them (not by exceljs): shared strings with rich-text
 * runs, inline strings, numbers stored as `1.0`-style text, formulas with cached results, a header in another
 * column order, and trailing empty rows with formatting only.
 */
export function foreignModelsXlsx(): Buffer {
  const shared = [
    'Brand',
    'Model',
    'Type',
    '<r><t>Protect default</t></r><r><rPr><b/></rPr><t xml:space="preserve"> (months)</t></r>',
    'Protect new market (months)',
    'VIVO',
    '<r><t>HUA</t></r><r><rPr><i/></rPr><t>WEI</t></r>',
  ];
  const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="${NS}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => (s.startsWith('<r>') ? `<si>${s}</si>` : `<si><t>${s}</t></si>`)).join('')}</sst>`;
  const s = (ref: string, i: number) => `<c r="${ref}" t="s"><v>${i}</v></c>`;
  const inl = (ref: string, text: string) =>
    `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
  const n = (ref: string, v: string) => `<c r="${ref}"><v>${v}</v></c>`;
  const fNum = (ref: string, f: string, v: string) => `<c r="${ref}"><f>${f}</f><v>${v}</v></c>`;
  const fStr = (ref: string, f: string, v: string) => `<c r="${ref}" t="str"><f>${f}</f><v>${v}</v></c>`;
  // columns: A Brand, B Model, C Type, D Protect default, E Protect new market
  const rows = [
    `<row r="1">${s('A1', 0)}${s('B1', 1)}${s('C1', 2)}${s('D1', 3)}${s('E1', 4)}</row>`,
    `<row r="2">${s('A2', 5)}${inl('B2', '  X100PRO ')}${n('C2', '1')}${fNum('D2', '3*2', '6')}${n('E2', '12.0')}</row>`,
    `<row r="3">${s('A3', 6)}${fStr('B3', '"MATE"&amp;"60"', 'MATE60')}${inl('C3', ' 2 ')}${inl('D3', '999')}${n('E3', '0')}</row>`,
    `<row r="4">${inl('A4', 'xiaomi')}${inl('B4', '13T')}${n('C4', '5')}${n('D4', '1000')}${n('E4', '3')}</row>`,
    `<row r="5" spans="1:5"><c r="A5" s="1"/><c r="B5" s="1"/></row>`,
    `<row r="6" spans="1:5"><c r="A6" s="1"/></row>`,
  ];
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  return storedZip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyFill="1"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': sst,
    'xl/worksheets/sheet1.xml': sheet,
  });
}
