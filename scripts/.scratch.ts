import { readFileSync } from 'node:fs';
import { parseXmltv } from '../src/server/broadcast/xmltv.ts';
const x = readFileSync('tests/fixtures/xmltv/test.xml', 'utf8').replace(/channel="[^"]*"/g, 'channel="2m-maroc"');
console.log(JSON.stringify(parseXmltv(x, { channels: ['2m-maroc'] })).slice(0, 800));
