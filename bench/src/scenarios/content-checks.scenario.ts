import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { checkText, CONTENT_CORPUS_FILE, parseCorpus, TEXT_RULES } from '@curbside/items-service';
import type { CorpusEntry } from '@curbside/items-service';
import { REPO_ROOT } from '../harness/app-process';
import { progress } from '../harness/log';
import { percentile, round } from '../harness/stats';
import { RUN_MODES, Scenario, ScenarioContext } from '../scenario';

/** The target: the named rules on a 500-character text, p99 at most 5 ms. */
export const CONTENT_CHECKS_TARGET_P99_MS = 5;
const TEXT_LENGTH = 500;
/** BENCH_CHECKS_CALLS: timed calls per case (after a tenth of them, at most 2,000, untimed). */
const CALLS = Number(process.env.BENCH_CHECKS_CALLS ?? 20_000);

/**
 * Each corpus text grown to 500 characters with clean sentences from the corpus (what a long description looks
 * like: a hit, if any, among ordinary words), so every rule reads a full-length text.
 */
export function fullLengthTexts(corpus: readonly CorpusEntry[]): { kind: CorpusEntry['kind']; text: string }[] {
  const filler = corpus.filter((entry) => entry.expected.length === 0).map((entry) => entry.text.replace(/\n/g, ' '));
  return corpus.map((entry, i) => {
    let text = entry.text;
    for (let j = i; text.length < TEXT_LENGTH; j++) text += ` ${filler[j % filler.length]}`;
    return { kind: entry.kind, text: text.slice(0, TEXT_LENGTH) };
  });
}

/**
 * Texts built to make the patterns work hardest: the words that open a pattern ("code", "pay", "gift", "deposit",
 * "$5") again and again with nothing that completes it, no sentence end in sight, so every bounded gap is tried.
 */
export function adversarialTexts(): { kind: CorpusEntry['kind']; text: string }[] {
  const openers = ['code ', 'pay ', 'send ', 'gift ', 'deposit ', '$5 ', 'courier ', 'g i f t ', 'wine ', 'gun '];
  return openers.map((opener, i) => ({
    kind: (['item', 'comment', 'message'] as const)[i % 3],
    text: opener.repeat(Math.ceil(TEXT_LENGTH / opener.length)).slice(0, TEXT_LENGTH),
  }));
}

/**
 * Wall time of each call, and the process's CPU time over it (`process.cpuUsage`, microseconds): on a shared
 * machine under load the wall time's tail is mostly the time the process waited for a core, which the CPU time
 * leaves out.
 */
type Check = (kind: CorpusEntry['kind'], text: string) => unknown;

/**
 * The control: arithmetic that takes as much CPU as the rules' median call, timed the same way. It reads no text
 * and allocates nothing, so whatever its tail adds over its median is the machine (other processes taking the
 * cores), not the rules.
 */
function sameLengthSpin(medianMs: number): Check {
  let sink = 0;
  const spin = (n: number) => {
    for (let i = 0; i < n; i++) sink = (sink * 31 + i) % 1_000_003;
    return sink;
  };
  // Optimized before it is measured: the interpreter's first rounds are slower than every later one.
  for (let i = 0; i < 200; i++) spin(10_000);
  let rounds = 1_000;
  for (;;) {
    const cpuStarted = process.cpuUsage();
    for (let i = 0; i < 50; i++) spin(rounds);
    const used = process.cpuUsage(cpuStarted);
    const perCallMs = (used.user + used.system) / 1e3 / 50;
    if (perCallMs >= medianMs * 0.9 || rounds > 1e8) return () => spin(rounds);
    rounds = Math.ceil(rounds * Math.min(10, Math.max(1.1, medianMs / Math.max(perCallMs, 1e-4))));
  }
}

function time(texts: readonly { kind: CorpusEntry['kind']; text: string }[], check: Check = checkText): { wall: number[]; cpu: number[] } {
  const warmup = Math.min(2_000, Math.ceil(CALLS / 10));
  for (let i = 0; i < warmup; i++) check(texts[i % texts.length].kind, texts[i % texts.length].text);
  const wall: number[] = new Array(CALLS);
  const cpu: number[] = new Array(CALLS);
  for (let i = 0; i < CALLS; i++) {
    const { kind, text } = texts[i % texts.length];
    const cpuStarted = process.cpuUsage();
    const started = process.hrtime.bigint();
    check(kind, text);
    wall[i] = Number(process.hrtime.bigint() - started) / 1e6;
    const used = process.cpuUsage(cpuStarted);
    cpu[i] = (used.user + used.system) / 1e3;
  }
  return { wall, cpu };
}

/**
 * Hits and misses on the labelled corpus. Per text: positive = it should raise any flag. Per label: each
 * expected `ruleId:confidence` is a positive; a flag with the wrong confidence counts as one false positive and
 * one false negative. Hold: whether the text should be held (any high flag) against whether it is.
 */
export function corpusCounts(corpus: readonly CorpusEntry[]) {
  const counts = { texts: corpus.length, tp: 0, fp: 0, fn: 0, tn: 0, label_tp: 0, label_fp: 0, label_fn: 0, hold_tp: 0, hold_fp: 0, hold_fn: 0, hold_tn: 0 };
  const wrong: string[] = [];
  for (const entry of corpus) {
    const got = checkText(entry.kind, entry.text).map((flag) => `${flag.ruleId}:${flag.confidence}`);
    const should = entry.expected.length > 0;
    const did = got.length > 0;
    if (should && did) counts.tp++;
    else if (!should && did) counts.fp++;
    else if (should && !did) counts.fn++;
    else counts.tn++;
    for (const label of got) if (entry.expected.includes(label)) counts.label_tp++;
    counts.label_fp += got.filter((label) => !entry.expected.includes(label)).length;
    counts.label_fn += entry.expected.filter((label) => !got.includes(label)).length;
    const shouldHold = entry.expected.some((label) => label.endsWith(':high'));
    const held = got.some((label) => label.endsWith(':high'));
    if (shouldHold && held) counts.hold_tp++;
    else if (!shouldHold && held) counts.hold_fp++;
    else if (shouldHold && !held) counts.hold_fn++;
    else counts.hold_tn++;
    if ([...got].sort().join() !== [...entry.expected].sort().join())
      wrong.push(`${entry.kind} ${JSON.stringify(entry.text)}: expected [${entry.expected}] got [${got}]`);
  }
  return { counts, wrong };
}

/** Percentiles to the microsecond (the calls take tens of microseconds). */
function spread(samplesMs: readonly number[]) {
  const sorted = Array.from(Float64Array.from(samplesMs).sort());
  const at = (p: number) => round(percentile(sorted, p), 3);
  return {
    count: sorted.length,
    p50_ms: at(50),
    p90_ms: at(90),
    p99_ms: at(99),
    max_ms: at(100),
    mean_ms: round(sorted.reduce((a, b) => a + b, 0) / sorted.length, 3),
  };
}

async function measure(context: ScenarioContext): Promise<void> {
  const corpus = parseCorpus(JSON.parse(readFileSync(join(REPO_ROOT, CONTENT_CORPUS_FILE), 'utf8')));
  const { counts, wrong } = corpusCounts(corpus);
  for (const line of wrong) progress(`content-checks: miss: ${line}`);
  context.report({ items: corpus.length, case: 'corpus', layer: 'rules', rules: TEXT_RULES.length, ...counts });
  context.attach('corpus_misses', wrong);

  const full = fullLengthTexts(corpus);
  let medianCpuMs = 0;
  for (const [name, texts, control] of [
    ['corpus texts at 500 chars', full, false],
    ['adversarial 500 chars', adversarialTexts(), false],
    ['control: a CPU loop as long as the median call', full, true],
  ] as const) {
    const samples = time(texts, control ? sameLengthSpin(medianCpuMs) : checkText);
    const stats = spread(samples.wall);
    const cpu = spread(samples.cpu);
    if (!control && medianCpuMs === 0) medianCpuMs = cpu.p50_ms;
    progress(
      `content-checks: ${name}: p50 ${stats.p50_ms} ms, p99 ${stats.p99_ms} ms (CPU p99 ${cpu.p99_ms} ms) over ${stats.count} calls, load average ${loadavg()[0].toFixed(1)}`,
    );
    context.report({
      items: texts.length,
      case: name,
      layer: 'rules',
      text_chars: TEXT_LENGTH,
      calls: stats.count,
      p50_ms: stats.p50_ms,
      p90_ms: stats.p90_ms,
      p99_ms: stats.p99_ms,
      max_ms: stats.max_ms,
      mean_ms: stats.mean_ms,
      cpu_p50_ms: cpu.p50_ms,
      cpu_p99_ms: cpu.p99_ms,
      cpu_max_ms: cpu.max_ms,
      target_p99_ms: CONTENT_CHECKS_TARGET_P99_MS,
      meets_target: stats.p99_ms <= CONTENT_CHECKS_TARGET_P99_MS,
    });
  }
}

export const contentChecksScenario: Scenario = {
  name: 'content-checks',
  summary: 'The automated checks’ named text rules: cost per 500-character text (p50/p99, target p99 ≤ 5 ms) and hits/misses on the labelled corpus',
  modes: RUN_MODES,
  async run(context) {
    // Pure functions in one process: the run mode changes nothing, so one measurement (embedded) says it all.
    if (context.mode === 'distributed') {
      progress('content-checks: the rules are pure functions, the same in both modes; measured in embedded mode only');
      return;
    }
    await measure(context);
  },
};
