/**
 * Generates the committed sample media under public/sample-media/ with
 * Debian's ffmpeg (`apt-get install -y ffmpeg`; only needed to regenerate,
 * never by CI or the running site):
 *
 *  - ads/house-preroll-{1,2}.mp4: the house ad server's pre-roll creatives
 *    (12 s, 640x360, "PUBLICITÉ / إعلان" and a countdown);
 *  - live/<rendition>/init.mp4 + seg-NNN.m4s and live/manifest.json: the
 *    built-in live channel, a 60-second loop cut into 4-second fragmented
 *    MP4 (CMAF) segments (H.264 + AAC, one GOP and one fragment per segment,
 *    an initialisation segment per rendition) in three renditions, with a burned-in
 *    timecode. The loop lasts exactly one minute and the server aligns its
 *    sliding window on the Unix clock (src/server/live/channel.ts), so the
 *    timecode's seconds are the wall clock's seconds;
 *  - vod/: replay samples. Two HLS VODs with two renditions each (journal/,
 *    replay/: master + media playlists, for the quality menu; fragmented MP4
 *    segments like the live channel's), two faststart
 *    MP4s (web.mp4, clip.mp4), WebVTT captions in Arabic and French for
 *    journal/ and web.mp4. src/server/seed/media.ts points the seeded video
 *    rows at them (keep its durations and sizes in step when changing these).
 *
 * Reproducible: fixed parameters, single-threaded x264, no SIMD anywhere
 * (`-cpuflags 0`, x264 `asm=0`: optimised code paths differ between CPUs),
 * bit-exact muxing and no metadata, so a rerun with the same ffmpeg gives
 * the same bytes on any x86-64 machine.
 *
 * Usage: node scripts/make-sample-media.ts [ads] [live] [vod]   (default: all)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'public', 'sample-media');

const FONT_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const FONT_MONO = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf';

const FPS = 25;
/**
 * HLS segments are fragmented MP4 (CMAF; video/iso.segment), each rendition's
 * initialisation segment (moov, no samples; video/mp4) named INIT_FILE:
 * MSE players append them as they are, without transmuxing MPEG-TS on the
 * page (ADR 023); Safari's and iOS's native HLS play them too.
 */
const SEGMENT_EXT = 'm4s';
const INIT_FILE = 'init.mp4';
/** Live and HLS VOD segment length; every segment starts with an IDR frame (GOP = one segment). */
const SEGMENT_S = 4;
/** The live loop: one minute, so the sliding window (aligned on the Unix clock) shows the real seconds. */
const LIVE_LOOP_S = 60;

const NAVY = '0x0a2a66';
const ORANGE = '0xf26522';
const RED = '0xd62828';

/* ------------------------------------------------------------------ */
/* ffmpeg plumbing                                                     */
/* ------------------------------------------------------------------ */

function requireTools(): void {
  for (const tool of ['ffmpeg', 'ffprobe']) {
    const r = spawnSync(tool, ['-version'], { stdio: 'ignore' });
    if (r.error || r.status !== 0) {
      console.error(`${tool} was not found. Install Debian's ffmpeg first:\n\n  sudo apt-get install -y ffmpeg\n`);
      process.exit(1);
    }
  }
  for (const font of [FONT_SANS, FONT_MONO]) {
    if (!existsSync(font)) {
      console.error(`Font ${font} is missing. Install it with:\n\n  sudo apt-get install -y fonts-dejavu-core\n`);
      process.exit(1);
    }
  }
}

function ffmpeg(args: readonly string[]): void {
  // -cpuflags 0: no SIMD in ffmpeg's scalers, filters and AAC encoder, whose
  // optimised paths round differently from one CPU to another.
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-cpuflags', '0', '-y', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error || r.status !== 0) throw new Error(`ffmpeg failed (${r.error?.message ?? `exit ${r.status}`}): ffmpeg ${args.join(' ')}`);
}

function ffprobeJson(file: string): { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] } {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', file], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ffprobe failed on ${file}: ${r.stderr}`);
  return JSON.parse(r.stdout) as ReturnType<typeof ffprobeJson>;
}

/** Output flags shared by every encode: bit-exact muxing, no metadata, no encoder strings. */
const BITEXACT = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1', '-map_chapters', '-1'];

interface VideoCodec {
  /** Bitrate cap in kb/s (constant quality below it: still graphics need far less). */
  kbps: number;
  /** H.264 level for the CODECS attribute (30 = 3.0). */
  level: 30 | 31;
}

/** x264 constant quality: text stays sharp, flat colours cost next to nothing. */
const CRF = 26;

function x264Args({ kbps, level }: VideoCodec): string[] {
  const gop = String(FPS * SEGMENT_S);
  return [
    '-c:v', 'libx264', '-preset', 'medium', '-profile:v', 'main', '-level:v', level === 30 ? '3.0' : '3.1',
    '-pix_fmt', 'yuv420p', '-r', String(FPS), '-threads', '1',
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-x264-params', 'open-gop=0:asm=0',
    '-crf', String(CRF), '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`,
  ];
}

/** A quiet mono tone needs little: 32 kb/s AAC-LC. */
const AAC_ARGS = ['-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-ar', '48000'];
const AUDIO_CODEC = 'mp4a.40.2';

/** RFC 6381 codec string of the H.264 Main profile at the given level. */
const avc1 = (level: 30 | 31): string => `avc1.4d40${level.toString(16)}`;

/* ------------------------------------------------------------------ */
/* Filter graph helpers                                               */
/* ------------------------------------------------------------------ */

let textDir = '';
let textCount = 0;

interface TextOpts {
  text: string;
  size: number;
  x: string;
  y: string;
  color?: string;
  font?: string;
  box?: string;
  boxBorder?: number;
  enable?: string;
}

/**
 * A drawtext filter. The text goes through a file (no filtergraph escaping of
 * quotes and colons); drawtext shapes and reorders Arabic with fribidi.
 * `%{…}` sequences in the text are expanded (pts, eif).
 */
async function text(o: TextOpts): Promise<string> {
  const file = path.join(textDir, `t${textCount++}.txt`);
  await writeFile(file, o.text, 'utf8');
  const parts = [
    `fontfile=${o.font ?? FONT_SANS}`,
    `textfile=${file}`,
    `fontsize=${o.size}`,
    `fontcolor=${o.color ?? 'white'}`,
    `x='${o.x}'`,
    `y='${o.y}'`,
  ];
  if (o.box) parts.push('box=1', `boxcolor=${o.box}`, `boxborderw=${o.boxBorder ?? Math.round(o.size / 4)}`);
  if (o.enable) parts.push(`enable='${o.enable}'`);
  return `drawtext=${parts.join(':')}`;
}

const box = (x: string, y: string, w: string, h: string, color: string): string => `drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=${color}:t=fill`;

/**
 * A quiet tone for the sound track: `base` Hz at -30 dBFS, with a short
 * 1 kHz pip at every whole second (as on a broadcast test clock) when `pips`.
 */
function tone(base: number, seconds: number, pips: boolean): string {
  const pip = pips ? '+0.08*sin(2*PI*1000*t)*lt(mod(t,1),0.06)' : '';
  return `aevalsrc=exprs='0.03*sin(2*PI*${base}*t)${pip}':s=48000:c=mono:d=${seconds}`;
}

/* ------------------------------------------------------------------ */
/* House ads                                                          */
/* ------------------------------------------------------------------ */

interface AdSpec {
  file: string;
  seconds: number;
  background: string;
  accent: string;
  headline: string;
  headlineAr: string;
  line: string;
  tone: number;
}

const ADS: readonly AdSpec[] = [
  {
    file: 'house-preroll-1.mp4',
    seconds: 12,
    background: NAVY,
    accent: ORANGE,
    headline: '2M EN DIRECT SUR 2M.MA',
    headlineAr: 'شاهدوا القناة الثانية مباشرة',
    line: 'Le direct, les replays et le journal, partout.',
    tone: 523.25,
  },
  {
    file: 'house-preroll-2.mp4',
    seconds: 12,
    background: '0x240046',
    accent: '0xffd60a',
    headline: 'STARLIGHT — SAISON 3',
    headlineAr: 'ستارلايت - الموسم الثالث',
    line: 'Les primes en direct, chaque samedi sur 2M.',
    tone: 392,
  },
];

async function makeAds(): Promise<void> {
  const dir = path.join(OUT, 'ads');
  await mkdir(dir, { recursive: true });
  for (const ad of ADS) {
    const W = 640;
    const H = 360;
    const filters = [
      box('0', '0', String(W), '56', ad.accent),
      await text({ text: 'PUBLICITÉ / إعلان', size: 30, x: '24', y: '12', color: 'black' }),
      await text({ text: ad.headline, size: 36, x: '(w-tw)/2', y: '120' }),
      await text({ text: ad.headlineAr, size: 30, x: '(w-tw)/2', y: '172' }),
      await text({ text: ad.line, size: 20, x: '(w-tw)/2', y: '228', color: 'white@0.85' }),
      // The countdown: whole seconds left, at the inline end of the banner.
      await text({ text: `%{eif:ceil(${ad.seconds}-t):d}`, size: 34, x: 'w-tw-24', y: '10', color: 'black', font: FONT_MONO }),
      // A bar that empties over the ad.
      box('0', String(H - 10), String(W), '10', 'white@0.25'),
    ].join(',');
    const graph = [
      `color=c=${ad.background}:s=${W}x${H}:r=${FPS}:d=${ad.seconds},${filters}[bg]`,
      `color=c=${ad.accent}:s=${W}x10:r=${FPS}:d=${ad.seconds}[bar]`,
      `[bg][bar]overlay=x='-W*t/${ad.seconds}':y=${H - 10}:eval=frame:shortest=1[v]`,
      `${tone(ad.tone, ad.seconds, false)}[a]`,
    ].join(';');
    ffmpeg([
      '-filter_complex', graph, '-map', '[v]', '-map', '[a]',
      ...x264Args({ kbps: 400, level: 30 }), ...AAC_ARGS, ...BITEXACT,
      '-movflags', '+faststart', '-t', String(ad.seconds),
      path.join(dir, ad.file),
    ]);
  }
}

/* ------------------------------------------------------------------ */
/* Live channel                                                       */
/* ------------------------------------------------------------------ */

interface Rendition {
  id: string;
  width: number;
  height: number;
  codec: VideoCodec;
}

const LIVE_RENDITIONS: readonly Rendition[] = [
  { id: '240p', width: 426, height: 240, codec: { kbps: 250, level: 30 } },
  { id: '360p', width: 640, height: 360, codec: { kbps: 500, level: 30 } },
  { id: '480p', width: 854, height: 480, codec: { kbps: 800, level: 30 } },
];

/** The picture of the live loop at one rendition's size (sizes scale with the height). */
async function liveGraph(r: Rendition): Promise<string> {
  const { width: W, height: H } = r;
  const s = H / 360;
  const px = (n: number): number => Math.round(n * s);
  const bandY = Math.round(H * 0.7);
  const filters = [
    box('0', String(bandY), String(W), String(px(64)), ORANGE),
    // The "live" badge, blinking its dot once a second.
    await text({ text: '   EN DIRECT — مباشر', size: px(18), x: String(px(16)), y: String(px(16)), box: RED, boxBorder: px(6) }),
    await text({ text: '●', size: px(18), x: String(px(20)), y: String(px(16)), enable: 'lt(mod(t,1),0.5)' }),
    await text({ text: '2M', size: px(64), x: String(px(24)), y: String(px(70)) }),
    await text({ text: 'Chaîne de démonstration · قناة تجريبية', size: px(15), x: String(px(26)), y: String(px(146)), color: 'white@0.8' }),
    // The timecode (SMPTE, 25 fps) from the loop start; the loop's minute is the wall clock's minute.
    await text({ text: '%{pts:hms}', size: px(34), x: String(px(24)), y: String(px(176)), font: FONT_MONO, box: 'black@0.35', boxBorder: px(8) }),
    await text({ text: r.id, size: px(16), x: `w-tw-${px(16)}`, y: String(px(16)), font: FONT_MONO, color: 'white@0.7' }),
    await text({ text: '2M — EN DIRECT / LIVE', size: px(24), x: String(px(24)), y: String(bandY + px(8)), color: 'white' }),
    await text({ text: 'البث المباشر للقناة الثانية', size: px(18), x: String(px(24)), y: String(bandY + px(38)), color: 'white' }),
  ].join(',');
  return [
    `color=c=${NAVY}:s=${W}x${H}:r=${FPS}:d=${LIVE_LOOP_S},${filters}[bg]`,
    // A white square crossing the screen once per segment, and a bar filling over the minute.
    `color=c=white:s=${px(14)}x${px(14)}:r=${FPS}:d=${LIVE_LOOP_S}[dot]`,
    `color=c=white@0.9:s=${W}x${px(6)}:r=${FPS}:d=${LIVE_LOOP_S}[bar]`,
    `[bg][dot]overlay=x='(W-w)*mod(t,${SEGMENT_S})/${SEGMENT_S}':y=${bandY - px(22)}:eval=frame[v1]`,
    `[v1][bar]overlay=x='-W+W*t/${LIVE_LOOP_S}':y=${H - px(6)}:eval=frame[v]`,
    `${tone(440, LIVE_LOOP_S, true)}[a]`,
  ].join(';');
}

interface ManifestRendition {
  id: string;
  width: number;
  height: number;
  /** Peak segment bitrate (bits/s), as EXT-X-STREAM-INF BANDWIDTH requires. */
  bandwidth: number;
  /** Mean bitrate over the loop (bits/s). */
  averageBandwidth: number;
  codecs: string;
  frameRate: number;
}

interface LiveManifest {
  segmentDuration: number;
  segmentCount: number;
  /** Segment file name pattern inside each rendition's folder: seg-000.m4s, seg-001.m4s… */
  segmentPattern: string;
  /** Each rendition's initialisation segment (EXT-X-MAP), in its folder. */
  initSegment: string;
  renditions: ManifestRendition[];
}

/** Parse a media playlist the hls muxer wrote: the segment files and their EXTINF durations. */
async function readPlaylist(file: string): Promise<{ uri: string; duration: number }[]> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const out: { uri: string; duration: number }[] = [];
  for (const [i, line] of lines.entries()) {
    const m = /^#EXTINF:([\d.]+),/.exec(line);
    if (m) out.push({ uri: (lines[i + 1] ?? '').trim(), duration: Number(m[1]) });
  }
  return out;
}

/** Peak and mean bitrate of a rendition's segments, rounded up to the kb/s. */
async function bitrates(dir: string, segments: readonly { uri: string; duration: number }[]): Promise<{ peak: number; mean: number }> {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const seg of segments) {
    const size = (await stat(path.join(dir, seg.uri))).size;
    peak = Math.max(peak, (size * 8) / seg.duration);
    bytes += size;
    seconds += seg.duration;
  }
  const up = (bps: number): number => Math.ceil(bps / 1000) * 1000;
  return { peak: up(peak), mean: up((bytes * 8) / seconds) };
}

/**
 * Removes the user-data box (moov/udta) of an initialisation segment: the
 * hls muxer of ffmpeg 5.1 overwrites the `fflags` it gives its mp4 muxer,
 * so the bit-exact flag does not reach it and it writes its version string
 * ("Lavf59…") there. Nothing else in moov points at byte offsets (a
 * fragmented file's sample tables are empty), so only moov's size changes.
 */
async function dropUserData(file: string): Promise<void> {
  const buf = await readFile(file);
  const boxes = (from: number, to: number): { type: string; start: number; end: number }[] => {
    const out: { type: string; start: number; end: number }[] = [];
    for (let at = from; at < to; ) {
      const size = buf.readUInt32BE(at);
      if (size < 8 || at + size > to) throw new Error(`${file}: unexpected box size ${size} at ${at}`);
      out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, end: at + size });
      at += size;
    }
    return out;
  };
  const moov = boxes(0, buf.length).find((b) => b.type === 'moov');
  const udta = moov && boxes(moov.start + 8, moov.end).find((b) => b.type === 'udta');
  if (!moov || !udta) return;
  const out = Buffer.concat([buf.subarray(0, udta.start), buf.subarray(udta.end)]);
  out.writeUInt32BE(moov.end - moov.start - (udta.end - udta.start), moov.start);
  await writeFile(file, out);
}

/**
 * Encode one rendition as VOD HLS into `dir`: media playlist, INIT_FILE and
 * 4-second fMP4 segments (the hls muxer cuts one fragment per segment:
 * movflags frag_custom+dash+delay_moov).
 */
async function encodeHls(graph: string, codec: VideoCodec, seconds: number, dir: string): Promise<void> {
  ffmpeg([
    '-filter_complex', graph, '-map', '[v]', '-map', '[a]',
    ...x264Args(codec), ...AAC_ARGS, ...BITEXACT, '-t', String(seconds),
    '-f', 'hls', '-hls_time', String(SEGMENT_S), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', INIT_FILE, '-start_number', '0',
    '-hls_segment_filename', path.join(dir, `seg-%03d.${SEGMENT_EXT}`),
    path.join(dir, 'index.m3u8'),
  ]);
  await dropUserData(path.join(dir, INIT_FILE));
}

async function makeLive(): Promise<void> {
  const liveDir = path.join(OUT, 'live');
  await rm(liveDir, { recursive: true, force: true });
  const manifest: LiveManifest = {
    segmentDuration: SEGMENT_S,
    segmentCount: LIVE_LOOP_S / SEGMENT_S,
    segmentPattern: `seg-%03d.${SEGMENT_EXT}`,
    initSegment: INIT_FILE,
    renditions: [],
  };
  for (const r of LIVE_RENDITIONS) {
    const dir = path.join(liveDir, r.id);
    await mkdir(dir, { recursive: true });
    await encodeHls(await liveGraph(r), r.codec, LIVE_LOOP_S, dir);
    const segments = await readPlaylist(path.join(dir, 'index.m3u8'));
    // The server's playlists assume equal segments: check the cut.
    if (segments.length !== manifest.segmentCount || segments.some((seg) => Math.abs(seg.duration - SEGMENT_S) > 0.001)) {
      throw new Error(`live ${r.id}: expected ${manifest.segmentCount} segments of ${SEGMENT_S} s, got ${segments.map((seg) => seg.duration).join(', ')}`);
    }
    // The server writes the sliding-window playlists itself.
    await rm(path.join(dir, 'index.m3u8'));
    const { peak, mean } = await bitrates(dir, segments);
    manifest.renditions.push({
      id: r.id,
      width: r.width,
      height: r.height,
      bandwidth: peak,
      averageBandwidth: mean,
      codecs: `${avc1(r.codec.level)},${AUDIO_CODEC}`,
      frameRate: FPS,
    });
  }
  await writeFile(path.join(liveDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/* ------------------------------------------------------------------ */
/* Replays (VOD)                                                      */
/* ------------------------------------------------------------------ */

interface Cue {
  from: number;
  to: number;
  ar: string;
  fr: string;
}

interface VodSpec {
  /** Folder (HLS) or file name without extension (MP4) under vod/. */
  name: string;
  seconds: number;
  background: string;
  accent: string;
  title: string;
  titleAr: string;
  subtitle: string;
  tone: number;
  cues: readonly Cue[];
}

const SAMPLE_LINE = 'Vidéo de démonstration · فيديو تجريبي';

const JOURNAL: VodSpec = {
  name: 'journal',
  seconds: 30,
  background: '0x061a40',
  accent: '0xe63946',
  title: '2M — LE JOURNAL',
  titleAr: 'الأخبار',
  subtitle: SAMPLE_LINE,
  tone: 330,
  cues: [
    { from: 0.5, to: 5, fr: 'Bonsoir et bienvenue dans cette vidéo de démonstration du site de 2M.', ar: 'مساء الخير، ومرحبا بكم في هذا الفيديو التجريبي لموقع القناة الثانية.' },
    { from: 5, to: 10, fr: 'Elle sert à tester la lecture des replays, le choix de la qualité et les sous-titres.', ar: 'يُستعمل لاختبار مشاهدة الإعادات واختيار الجودة والترجمة.' },
    { from: 10, to: 15, fr: "Le lecteur propose deux qualités d'image : 360p et 540p.", ar: 'يقترح المشغل جودتين للصورة: 360p و540p.' },
    { from: 15, to: 20, fr: 'Les touches fléchées permettent d’avancer ou de reculer dans la vidéo.', ar: 'تتيح لكم أسهم لوحة المفاتيح التقدم أو الرجوع في الفيديو.' },
    { from: 20, to: 25, fr: 'Les sous-titres existent en arabe et en français.', ar: 'الترجمة متوفرة باللغتين العربية والفرنسية.' },
    { from: 25, to: 29.5, fr: 'Merci de votre attention, et à bientôt sur 2M.', ar: 'شكرا على متابعتكم، وإلى اللقاء على القناة الثانية.' },
  ],
};

const REPLAY: VodSpec = {
  name: 'replay',
  seconds: 24,
  background: '0x0a2a66',
  accent: '0x5a189a',
  title: '2M — REPLAY',
  titleAr: 'إعادة المشاهدة',
  subtitle: SAMPLE_LINE,
  tone: 294,
  cues: [],
};

const WEB: VodSpec = {
  name: 'web',
  seconds: 30,
  background: '0x3a0ca3',
  accent: '0xf72585',
  title: '2M — BY2M',
  titleAr: 'فيديوهات الويب',
  subtitle: SAMPLE_LINE,
  tone: 349.23,
  cues: [
    { from: 0.5, to: 6, fr: 'Bienvenue dans les formats web de 2M.', ar: 'مرحبا بكم في فيديوهات الويب للقناة الثانية.' },
    { from: 6, to: 12, fr: 'Cette courte vidéo de démonstration est lue directement en MP4.', ar: 'يُشغَّل هذا الفيديو التجريبي القصير مباشرة بصيغة MP4.' },
    { from: 12, to: 18, fr: 'Choisissez la langue des sous-titres dans le menu du lecteur.', ar: 'اختاروا لغة الترجمة من قائمة المشغل.' },
    { from: 18, to: 24, fr: 'Un seul lecteur joue à la fois : lancer une autre vidéo met celle-ci en pause.', ar: 'يشتغل مشغل واحد في كل مرة: تشغيل فيديو آخر يوقف هذا الفيديو مؤقتا.' },
    { from: 24, to: 29.5, fr: 'Merci et à bientôt sur 2m.ma.', ar: 'شكرا لكم، وإلى اللقاء على 2m.ma.' },
  ],
};

const CLIP: VodSpec = {
  name: 'clip',
  seconds: 20,
  background: '0x0f4c5c',
  accent: '0x2a9d8f',
  title: '2M — VIDÉO',
  titleAr: 'فيديو',
  subtitle: SAMPLE_LINE,
  tone: 392,
  cues: [],
};

const VOD_HLS_RENDITIONS: readonly Rendition[] = [
  { id: '360p', width: 640, height: 360, codec: { kbps: 450, level: 30 } },
  { id: '540p', width: 960, height: 540, codec: { kbps: 900, level: 31 } },
];

/** The picture of a replay sample; `label` (the rendition) is drawn in a corner when given. */
async function vodGraph(v: VodSpec, W: number, H: number, label?: string): Promise<string> {
  const s = H / 360;
  const px = (n: number): number => Math.round(n * s);
  const bandY = Math.round(H * 0.68);
  const filters = [
    box('0', String(bandY), String(W), String(px(70)), v.accent),
    await text({ text: v.title, size: px(40), x: String(px(24)), y: String(px(40)) }),
    await text({ text: v.titleAr, size: px(32), x: String(px(24)), y: String(px(96)) }),
    await text({ text: v.subtitle, size: px(15), x: String(px(26)), y: String(px(150)), color: 'white@0.8' }),
    ...(label ? [await text({ text: label, size: px(16), x: `w-tw-${px(16)}`, y: String(px(16)), font: FONT_MONO, color: 'white@0.7' })] : []),
    // Elapsed time / total, so seeking is visible.
    await text({ text: `%{pts:hms} / ${hms(v.seconds)}`, size: px(22), x: String(px(24)), y: String(bandY + px(22)), font: FONT_MONO }),
  ].join(',');
  return [
    `color=c=${v.background}:s=${W}x${H}:r=${FPS}:d=${v.seconds},${filters}[bg]`,
    `color=c=white:s=${px(14)}x${px(14)}:r=${FPS}:d=${v.seconds}[dot]`,
    `[bg][dot]overlay=x='(W-w)*t/${v.seconds}':y=${bandY - px(22)}:eval=frame[v]`,
    `${tone(v.tone, v.seconds, false)}[a]`,
  ].join(';');
}

const hms = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const sec = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.000`;
};

/** WebVTT timestamp (hh:mm:ss.ttt). */
const vttTime = (t: number): string => {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

async function writeCaptions(v: VodSpec, dir: string, base: string): Promise<void> {
  for (const lang of ['ar', 'fr'] as const) {
    const body = v.cues.map((c, i) => `${i + 1}\n${vttTime(c.from)} --> ${vttTime(c.to)}\n${c[lang]}\n`).join('\n');
    await writeFile(path.join(dir, `${base}-${lang}.vtt`), `WEBVTT\n\n${body}`, 'utf8');
  }
}

async function makeHlsVod(v: VodSpec): Promise<void> {
  const dir = path.join(OUT, 'vod', v.name);
  await rm(dir, { recursive: true, force: true });
  const master = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of VOD_HLS_RENDITIONS) {
    const rdir = path.join(dir, r.id);
    await mkdir(rdir, { recursive: true });
    await encodeHls(await vodGraph(v, r.width, r.height, r.id), r.codec, v.seconds, rdir);
    const { peak, mean } = await bitrates(rdir, await readPlaylist(path.join(rdir, 'index.m3u8')));
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${mean},RESOLUTION=${r.width}x${r.height},FRAME-RATE=${FPS.toFixed(3)},CODECS="${avc1(r.codec.level)},${AUDIO_CODEC}"`,
      `${r.id}/index.m3u8`,
    );
  }
  await writeFile(path.join(dir, 'index.m3u8'), `${master.join('\n')}\n`);
  if (v.cues.length > 0) await writeCaptions(v, dir, 'captions');
}

async function makeMp4Vod(v: VodSpec): Promise<void> {
  const dir = path.join(OUT, 'vod');
  await mkdir(dir, { recursive: true });
  ffmpeg([
    '-filter_complex', await vodGraph(v, 640, 360), '-map', '[v]', '-map', '[a]',
    ...x264Args({ kbps: 450, level: 30 }), ...AAC_ARGS, ...BITEXACT,
    '-movflags', '+faststart', '-t', String(v.seconds),
    path.join(dir, `${v.name}.mp4`),
  ]);
  if (v.cues.length > 0) await writeCaptions(v, dir, v.name);
}

async function makeVod(): Promise<void> {
  await makeHlsVod(JOURNAL);
  await makeHlsVod(REPLAY);
  await makeMp4Vod(WEB);
  await makeMp4Vod(CLIP);
}

/* ------------------------------------------------------------------ */
/* Checks and summary                                                 */
/* ------------------------------------------------------------------ */

async function walk(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out.sort();
}

/**
 * Every media file must decode: an H.264 and an AAC stream, a sane duration.
 * A segment is probed after its rendition's initialisation segment, as a
 * player appends it (an init segment alone has no samples).
 */
async function probeAll(files: readonly string[]): Promise<void> {
  const joined = path.join(textDir, 'probe.mp4');
  for (const f of files.filter((x) => (x.endsWith('.mp4') && path.basename(x) !== INIT_FILE) || x.endsWith(`.${SEGMENT_EXT}`))) {
    let probed = f;
    if (f.endsWith(`.${SEGMENT_EXT}`)) {
      await writeFile(joined, Buffer.concat([await readFile(path.join(path.dirname(f), INIT_FILE)), await readFile(f)]));
      probed = joined;
    }
    const info = ffprobeJson(probed);
    const codecs = info.streams.map((st) => st.codec_name).sort().join(',');
    if (codecs !== 'aac,h264' || !(Number(info.format.duration) > 0)) throw new Error(`${f}: unexpected streams ${codecs} / duration ${info.format.duration}`);
  }
}

async function summary(): Promise<void> {
  const files = await walk(OUT);
  await probeAll(files);
  const groups = new Map<string, { files: number; bytes: number }>();
  let total = 0;
  for (const f of files) {
    // Group by the first two levels: ads/house-preroll-1.mp4, live/240p, vod/journal…
    const key = path.relative(OUT, f).split(path.sep).slice(0, 2).join('/');
    const size = (await stat(f)).size;
    const g = groups.get(key) ?? { files: 0, bytes: 0 };
    g.files++;
    g.bytes += size;
    groups.set(key, g);
    total += size;
  }
  const kb = (n: number): string => `${(n / 1024).toFixed(0).padStart(6)} KB`;
  console.log('\npublic/sample-media/');
  for (const [key, g] of groups) console.log(`  ${key.padEnd(32)} ${String(g.files).padStart(3)} file(s) ${kb(g.bytes)}`);
  console.log(`  ${'total'.padEnd(32)} ${String(files.length).padStart(3)} file(s) ${kb(total)}  (${(total / 1024 / 1024).toFixed(2)} MB)`);
}

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const known = ['ads', 'live', 'vod'];
  const unknown = [...wanted].filter((w) => !known.includes(w));
  if (unknown.length > 0) {
    console.error(`Unknown part(s): ${unknown.join(', ')}. Usage: node scripts/make-sample-media.ts [${known.join('] [')}]`);
    process.exit(2);
  }
  const all = wanted.size === 0;
  requireTools();
  textDir = await mkdtemp(path.join(tmpdir(), 'sample-media-'));
  try {
    if (all || wanted.has('ads')) {
      console.log('ads: house pre-roll creatives');
      await makeAds();
    }
    if (all || wanted.has('live')) {
      console.log('live: looping segments and manifest');
      await makeLive();
    }
    if (all || wanted.has('vod')) {
      console.log('vod: replay samples and captions');
      await makeVod();
    }
    await summary();
  } finally {
    await rm(textDir, { recursive: true, force: true });
  }
}

await main();
