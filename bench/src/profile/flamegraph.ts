/**
 * V8 CPU profiles (`.cpuprofile`, as the bench's `--cpu-prof` writes them) → a flame graph as SVG and the top frames
 * by self time, with nothing downloaded. `node bench/dist/profile/flamegraph.js <in.cpuprofile>… --svg-dir DIR`
 * writes `DIR/<name>.svg` for each profile and prints, for each, the frames and packages that took most CPU.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A frame of the merged call tree with the time spent in it alone and with what it called. */
export interface FlameNode {
  name: string;
  self: number;
  total: number;
  children: FlameNode[];
}

const IDLE = new Set(['(idle)', '(program)']);

/** Where a frame's code lives: an npm package, node's own code, ours (by project folder) or V8 itself. */
export function origin(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const ours = /\/(gateway|launcher|bench|services\/[^/]+|libs\/[^/]+)\/dist\//.exec(url);
  return ours ? ours[1] : url;
}

export function frameName(frame: CallFrame): string {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return fn;
  const where = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(gateway|launcher|bench|services|libs)\//, '$1/');
  return `${fn} ${where}:${frame.lineNumber + 1}`;
}

/** Time per profile node (µs), from the samples and the time between them. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const times = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    // The delta before sample i+1 is the time sample i stood for.
    const delta = profile.timeDeltas[i + 1] ?? 0;
    times.set(profile.samples[i], (times.get(profile.samples[i]) ?? 0) + Math.max(0, delta));
  }
  return times;
}

/** The call tree with idle time left out, children merged by name and sorted by name (a flame graph's order). */
export function flameTree(profile: CpuProfile): FlameNode {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = selfTimes(profile);
  const build = (node: ProfileNode): FlameNode => {
    const merged = new Map<string, FlameNode>();
    for (const childId of node.children ?? []) {
      const child = byId.get(childId);
      if (!child || IDLE.has(child.callFrame.functionName)) continue;
      const built = build(child);
      const existing = merged.get(built.name);
      if (existing) mergeInto(existing, built);
      else merged.set(built.name, built);
    }
    const children = [...merged.values()].filter((c) => c.total > 0).sort((a, b) => a.name.localeCompare(b.name));
    const own = self.get(node.id) ?? 0;
    return { name: frameName(node.callFrame), self: own, total: own + children.reduce((sum, c) => sum + c.total, 0), children };
  };
  const root = profile.nodes[0];
  const tree = build(root);
  tree.name = 'all';
  return tree;
}

function mergeInto(target: FlameNode, source: FlameNode): void {
  target.self += source.self;
  target.total += source.total;
  for (const child of source.children) {
    const existing = target.children.find((c) => c.name === child.name);
    if (existing) mergeInto(existing, child);
    else target.children.push(child);
  }
}

export interface TopFrames {
  /** CPU time in the profile, idle left out (ms). */
  busyMs: number;
  /** Wall time the profile covers (ms). */
  spanMs: number;
  frames: { frame: string; selfMs: number; percent: number }[];
  origins: { origin: string; selfMs: number; percent: number }[];
  /** Time with the frame anywhere on the stack (counted once a sample), our code's and the libraries' entry points. */
  inclusive: { frame: string; totalMs: number; percent: number }[];
}

/** Self time by frame (function and place) and by where the code lives, biggest first. */
export function topFrames(profile: CpuProfile, count = 20): TopFrames {
  const self = selfTimes(profile);
  const byFrame = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    if (time === 0 || IDLE.has(node.callFrame.functionName)) continue;
    busy += time;
    const name = frameName(node.callFrame);
    byFrame.set(name, (byFrame.get(name) ?? 0) + time);
    const where = origin(node.callFrame.url, node.callFrame.functionName);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + time);
  }
  const rank = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 100) / 10, percent: Math.round((1000 * us) / Math.max(1, busy)) / 10 }));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = Math.max(0, profile.timeDeltas[i + 1] ?? 0);
    const leaf = byId.get(profile.samples[i]);
    if (!leaf || IDLE.has(leaf.callFrame.functionName)) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(root)') continue;
      seen.add(frameName(node.callFrame));
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
  }
  return {
    inclusive: [...inclusive.entries()]
      .filter(([name]) => !/^(\(anonymous\)|processTicksAndRejections|runMicrotasks|emit|listOnTimeout|processImmediate) /.test(`${name} `))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count * 2)
      .map(([frame, us]) => ({ frame, totalMs: Math.round(us / 100) / 10, percent: Math.round((1000 * us) / Math.max(1, busy)) / 10 })),
    busyMs: Math.round(busy / 1000),
    spanMs: Math.round((profile.endTime - profile.startTime) / 1000),
    frames: rank(byFrame).map(({ name, ...rest }) => ({ frame: name, ...rest })),
    origins: rank(byOrigin).map(({ name, ...rest }) => ({ origin: name, ...rest })),
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A stable warm colour per origin, so one package keeps its colour across graphs. */
function colour(name: string): string {
  let hash = 0;
  for (const ch of name.split(' ')[1] ?? name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 50},${70 + (hash % 20)}%,${55 + (hash % 15)}%)`;
}

/** A classic flame graph (root at the bottom), each frame's width its share of the busy time, names in tooltips. */
export function flameSvg(tree: FlameNode, title: string, width = 1600): string {
  const rowHeight = 16;
  const minWidth = 0.5;
  const rects: string[] = [];
  let maxDepth = 0;
  const scale = (width - 20) / Math.max(1, tree.total);
  const place = (node: FlameNode, x: number, depth: number) => {
    const w = node.total * scale;
    if (w < minWidth) return;
    maxDepth = Math.max(maxDepth, depth);
    rects.push(`${depth}|${x}|${w}|${node.name}|${node.total}`);
    let childX = x;
    for (const child of node.children) {
      place(child, childX, depth + 1);
      childX += child.total * scale;
    }
  };
  place(tree, 10, 0);
  const height = (maxDepth + 1) * rowHeight + 50;
  const body = rects.map((r) => {
    const [depthText, xText, wText, name, totalText] = r.split('|');
    const depth = Number(depthText);
    const x = Number(xText);
    const w = Number(wText);
    const y = height - 10 - (depth + 1) * rowHeight;
    const ms = Number(totalText) / 1000;
    const share = (100 * Number(totalText)) / Math.max(1, tree.total);
    const label = w > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${(y + 12).toFixed(1)}">${escapeXml(name.slice(0, Math.floor(w / 6.5)))}</text>` : '';
    return `<g><title>${escapeXml(name)} — ${ms.toFixed(1)} ms, ${share.toFixed(1)}%</title><rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${rowHeight - 1}" fill="${colour(name)}"/>${label}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14">${escapeXml(title)} — ${(tree.total / 1000).toFixed(0)} ms of CPU (idle left out); hover a frame for its name and time</text>`,
    ...body,
    '</svg>',
  ].join('\n');
}

function main(argv: string[]): void {
  const svgDirIndex = argv.indexOf('--svg-dir');
  const svgDir = svgDirIndex >= 0 ? argv[svgDirIndex + 1] : undefined;
  const files = argv.filter((a, i) => (svgDirIndex < 0 || i !== svgDirIndex + 1) && !a.startsWith('--'));
  if (files.length === 0) {
    process.stderr.write('usage: node bench/dist/profile/flamegraph.js <file.cpuprofile>… [--svg-dir DIR]\n');
    process.exit(1);
  }
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const name = basename(file, '.cpuprofile');
    const top = topFrames(profile, 15);
    process.stdout.write(`\n## ${name}: ${top.busyMs} ms of CPU in ${top.spanMs} ms\n\nby package (self time):\n`);
    for (const o of top.origins) process.stdout.write(`  ${String(o.percent).padStart(5)}%  ${String(o.selfMs).padStart(8)} ms  ${o.origin}\n`);
    process.stdout.write('top frames (self time):\n');
    for (const f of top.frames) process.stdout.write(`  ${String(f.percent).padStart(5)}%  ${String(f.selfMs).padStart(8)} ms  ${f.frame}\n`);
    process.stdout.write('frames on the stack (total time):\n');
    for (const f of top.inclusive) process.stdout.write(`  ${String(f.percent).padStart(5)}%  ${String(f.totalMs).padStart(8)} ms  ${f.frame}\n`);
    if (svgDir) mkdirSync(svgDir, { recursive: true });
    if (svgDir) writeFileSync(join(svgDir, `${name}.svg`), flameSvg(flameTree(profile), name));
  }
}

if (require.main === module) main(process.argv.slice(2));
