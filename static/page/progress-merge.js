// How two copies of one lesson's progress become one: plain functions over progress documents,
// no DOM and no storage, so that tabs of one browser and (later) a sync service agree exactly.
//
// A progress document, version 2. Its times order what happened in the lesson, not when: each is
// made by nextStamp, so it is later than every time the document held when it was made (a hybrid
// logical clock). A device whose clock says 2100 or 1970 therefore cannot outrank what is written
// after its change was seen; only changes made without seeing each other are ordered by clock, and
// then the loser's code is kept as a draft, as at a tie.
//
//   schema       2
//   lesson       the lesson id, "8.6"
//   startedOver  when the learner last pressed Start over (0: never). Whatever is stamped earlier
//                is cleared by every merge, so an older copy cannot bring it back.
//   exercises    { [exercise id]: exercise }, each with
//     code, starter  the learner's code and a fingerprint of the starter it was written against
//     edited         when that code was written; it also names this version of the code
//     basedOn        the `edited` of the version the learner changed to make this one (0: the
//                    starter; null: unknown, for imported code)
//     basedOnHash    codeFingerprint of that version's code: two devices may stamp two versions
//                    with one time, and only the one this was written over is dropped from drafts
//                    Code is last-writer-wins by `edited`; a losing version that the winner was
//                    not written over is kept in `drafts`, so the page can offer it back.
//     drafts         [{ code, starter, edited }]: versions that lost to a concurrent edit
//     draftsSettled  when the learner last chose between versions: drafts edited earlier are dropped
//     passed, solutionShown   grow-only: true in either copy stays true
//     hints          grow-only: the larger count of hints shown wins
//     at             { [field]: when it was last set } for the fields above; other fields set with
//                    a time are last-writer-wins
//   quizzes      { [quiz id]: [option, …] }: every option picked, the current pick last; grow-only
//   quizTimes    { [quiz id]: when an option was last picked }
//   sections     { [section title]: when it was done }; grow-only
//
// Each grow-only value counts only if it was stamped at or after `startedOver`.
// An imported file is merged like another copy, stamped as if earned when it is imported
// (asImportedAt), so it neither undoes nor is undone by this browser's Start over.
import { documentKind } from "./storage-keys.js";

export const SCHEMA = 2;
// The most versions of one exercise's code a merge keeps in drafts (the schema's bound too): each
// is a conflict the learner has not settled, and twenty unsettled ones are already more than a page shows.
export const MOST_DRAFTS = 20;

const GROW_ONLY = {
  passed: (a, b) => Boolean(a || b),
  solutionShown: (a, b) => Boolean(a || b),
  hints: (a, b) => Math.max(a || 0, b || 0),
};

export function emptyProgress(lessonId) {
  return { schema: SCHEMA, lesson: lessonId, startedOver: 0, exercises: {}, quizzes: {}, quizTimes: {}, sections: {} };
}

/** One document holding everything either copy holds, by the rules above; neither input is changed. */
export function mergeProgress(stored, mine) {
  const startedOver = Math.max(stored.startedOver || 0, mine.startedOver || 0);
  const merged = { ...emptyProgress(mine.lesson), startedOver };
  for (const id of keysOf(stored.exercises, mine.exercises)) {
    const exercise = mergeExercise(stored.exercises[id], mine.exercises[id], startedOver);
    if (Object.keys(exercise).length) merged.exercises[id] = exercise;
  }
  for (const id of keysOf(stored.quizzes, mine.quizzes)) {
    const picks = mergeQuizPicks(quizSide(stored, id, startedOver), quizSide(mine, id, startedOver));
    if (picks) {
      merged.quizzes[id] = picks.picks;
      merged.quizTimes[id] = picks.at;
    }
  }
  for (const title of keysOf(stored.sections, mine.sections)) {
    const times = [stored.sections[title], mine.sections[title]].filter((at) => at >= startedOver && at > 0);
    if (times.length) merged.sections[title] = Math.min(...times);
  }
  return merged;
}

function mergeExercise(a = {}, b = {}, startedOver) {
  return { ...mergeFields(a, b, startedOver), ...mergeCode(a, b, startedOver) };
}

// Every field but the code: grow-only ones combine, any other stamped field is last-writer-wins.
function mergeFields(a, b, startedOver) {
  const merged = {};
  const at = {};
  for (const field of keysOf(a.at || {}, b.at || {})) {
    const sides = [a, b].filter((side) => side.at?.[field] >= startedOver && field in side);
    if (!sides.length) continue;
    const newest = sides.reduce((x, y) => (y.at[field] > x.at[field] ? y : x));
    merged[field] = GROW_ONLY[field]
      ? sides.map((side) => side[field]).reduce(GROW_ONLY[field])
      : newest[field];
    at[field] = newest.at[field];
  }
  return Object.keys(at).length ? { ...merged, at } : {};
}

function mergeCode(a, b, startedOver) {
  const versions = [a, b].filter((side) => typeof side.code === "string" && side.edited >= startedOver);
  const draftsSettled = Math.max(a.draftsSettled || 0, b.draftsSettled || 0);
  const [winner, loser] = versions.sort(newerFirst);
  const candidates = [...(a.drafts || []), ...(b.drafts || [])];
  if (loser) candidates.push(asDraft(loser));
  const drafts = uniqueDrafts(candidates).filter((draft) =>
    draft.edited >= startedOver && draft.edited >= draftsSettled
    && !writtenOver(draft, winner) && draft.code !== winner?.code).slice(-MOST_DRAFTS);  // the newest
  const merged = {};
  if (winner) {
    Object.assign(merged, { code: winner.code, starter: winner.starter, edited: winner.edited, basedOn: winner.basedOn });
    if (winner.basedOnHash !== undefined) merged.basedOnHash = winner.basedOnHash;
  }
  if (drafts.length) merged.drafts = drafts;
  if (draftsSettled) merged.draftsSettled = draftsSettled;
  return merged;
}

// Whether the winner was written over this version (a version from before basedOnHash: any of its time).
function writtenOver(draft, winner) {
  if (draft.edited !== winner?.basedOn) return false;
  return winner.basedOnHash === undefined || winner.basedOnHash === codeFingerprint(draft.code);
}

/** A short, stable fingerprint (FNV-1a over UTF-16 code units) of a text: a starter's, a version's code. */
export function codeFingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

// Newer edit first; at the same millisecond, a fixed order of the texts, so every merge agrees.
function newerFirst(x, y) {
  if (x.edited !== y.edited) return y.edited - x.edited;
  return x.code < y.code ? 1 : x.code > y.code ? -1 : 0;
}

function asDraft(version) {
  return { code: version.code, starter: version.starter, edited: version.edited };
}

function uniqueDrafts(drafts) {
  const byVersion = new Map(drafts.map((draft) => [`${draft.edited}\n${draft.code}`, draft]));
  return [...byVersion.values()].sort((x, y) => x.edited - y.edited || (x.code < y.code ? -1 : x.code > y.code ? 1 : 0));
}

function quizSide(doc, id, startedOver) {
  const at = doc.quizTimes?.[id] || 0;
  const picks = doc.quizzes?.[id];
  return Array.isArray(picks) && picks.length && at >= startedOver ? { picks, at } : null;
}

// Every pick of both, in order, with the more recent copy's picks last so its current pick stays current.
function mergeQuizPicks(x, y) {
  if (!x || !y) return x || y;
  // At the same millisecond, a fixed order, so that every merge of the two agrees.
  const xIsNewer = x.at > y.at || (x.at === y.at && JSON.stringify(x.picks) > JSON.stringify(y.picks));
  const [older, newer] = xIsNewer ? [y, x] : [x, y];
  const inNewer = new Set(newer.picks); // a keyed lookup: the merge stays linear however many picks are sent
  return { picks: [...older.picks.filter((pick) => !inNewer.has(pick)), ...newer.picks], at: newer.at };
}

/** A time for a new change to doc: the clock's, unless the document already holds that time or a
 * later one (a device's wrong clock, or this one's), then just after the latest. */
export function nextStamp(doc, clock) {
  return Math.max(Math.floor(clock), latestStamp(doc) + 1);
}

/** The latest time anywhere in the document (0 if none). */
export function latestStamp(doc) {
  const times = [doc.startedOver, doc.at, ...Object.values(doc.quizTimes || {}), ...Object.values(doc.sections || {})];
  for (const exercise of Object.values(doc.exercises || {})) {
    times.push(exercise.edited, exercise.draftsSettled, ...Object.values(exercise.at || {}));
    times.push(...(exercise.drafts || []).map((draft) => draft.edited));
  }
  return Math.max(0, ...times.filter((time) => typeof time === "number" && Number.isFinite(time)));
}

// The study pages' records, synced beside the lessons under the ids "concept:<slug>" and
// "module-test:<module>" (storage-keys.js builds them); saved-record.js keeps them.
//
//   a concept card's answers   { schema: 1, concept, quizzes, quizTimes }: merged as a lesson's quizzes
//   a module test's record     { schema: 1, test, total, attempts, attemptsBy, best, passed, at }
//     attemptsBy   { [device]: attempts made there }: each device's count only grows, so the larger
//                  of two copies is right and the devices' counts add up (attempts is their sum;
//                  a record from before attemptsBy counts as a device of its own, "")
//     best, passed the larger, and either
//     at           when the last attempt was made (nextStamp), which orders copies whose total
//                  differs: a test whose questions changed is a new test, and the later copy wins whole

export const RECORD_SCHEMA = 1;

/** Merge two copies of the document synced under id; stored may be null (nothing held yet). */
export function mergeDocument(id, stored, mine) {
  const kind = documentKind(id);
  if (kind === "card") return mergeCard(stored || mine, mine);
  if (kind === "test") return mergeTest(stored || mine, mine);
  return mergeProgress(stored || emptyProgress(mine.lesson), mine);
}

function mergeCard(a, b) {
  const merged = { schema: RECORD_SCHEMA, concept: b.concept, quizzes: {}, quizTimes: {} };
  for (const id of keysOf(a.quizzes, b.quizzes)) {
    const picks = mergeQuizPicks(quizSide(a, id, 0), quizSide(b, id, 0));
    if (picks) {
      merged.quizzes[id] = picks.picks;
      merged.quizTimes[id] = picks.at;
    }
  }
  return merged;
}

function mergeTest(a, b) {
  if (a.total !== b.total) {
    const later = (a.at || 0) > (b.at || 0) || ((a.at || 0) === (b.at || 0) && a.total > b.total) ? a : b;
    return mergeTest(later, later);
  }
  const [countsA, countsB] = [attemptCounts(a), attemptCounts(b)];
  const attemptsBy = {};
  for (const device of keysOf(countsA, countsB)) attemptsBy[device] = Math.max(countsA[device] || 0, countsB[device] || 0);
  return {
    schema: RECORD_SCHEMA, test: b.test, total: b.total,
    attempts: Object.values(attemptsBy).reduce((sum, count) => sum + count, 0), attemptsBy,
    best: Math.max(a.best || 0, b.best || 0), passed: Boolean(a.passed || b.passed), at: Math.max(a.at || 0, b.at || 0),
  };
}

/** A test record's attempts per device (a record from before they were counted so: one device, ""). */
export function attemptCounts(record) {
  if (record.attemptsBy && typeof record.attemptsBy === "object") return record.attemptsBy;
  return record.attempts ? { "": record.attempts } : {};
}

/** The same text for the same progress, whatever order its keys were written in. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).filter((key) => value[key] !== undefined).sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function keysOf(...objects) {
  return [...new Set(objects.flatMap((object) => Object.keys(object || {})))];
}

/** An imported file's progress as if earned at `time`, its code a new version of unknown lineage. */
export function asImportedAt(doc, time) {
  const exercises = {};
  for (const [id, exercise] of Object.entries(doc.exercises)) {
    const { draftsSettled: _settledHere, ...imported } = exercise;  // left out of what is imported
    if (imported.at) imported.at = Object.fromEntries(Object.keys(imported.at).map((field) => [field, time]));
    if (typeof imported.code === "string") {
      Object.assign(imported, { edited: time, basedOn: null });
      delete imported.basedOnHash;
    }
    exercises[id] = imported;
  }
  const stampAll = (object) => Object.fromEntries(Object.keys(object).map((key) => [key, time]));
  return { ...doc, startedOver: 0, exercises, quizTimes: stampAll(doc.quizzes), sections: stampAll(doc.sections) };
}

// What a version 1 record held, stamped as older than anything written since (time 1), and its
// quiz answers moved from positional keys (q1, q2, …) to the quizzes' own ids, in page order.
export function upgradeFromVersion1(doc, quizIds) {
  const upgraded = emptyProgress(doc.lesson);
  for (const [id, old] of Object.entries(doc.exercises)) {
    const exercise = {};
    const at = {};
    for (const field of Object.keys(GROW_ONLY)) {
      if (field in old) {
        exercise[field] = old[field];
        at[field] = 1;
      }
    }
    if (Object.keys(at).length) exercise.at = at;
    if (typeof old.code === "string") Object.assign(exercise, { code: old.code, starter: old.starter, edited: 1, basedOn: 0 });
    upgraded.exercises[id] = exercise;
  }
  for (const [key, picks] of Object.entries(doc.quizzes)) {
    const position = /^q(\d+)$/.exec(key);
    const id = (position && quizIds[Number(position[1]) - 1]) || key;
    upgraded.quizzes[id] = picks;
    upgraded.quizTimes[id] = 1;
  }
  for (const [title, done] of Object.entries(doc.sections)) if (done) upgraded.sections[title] = 1;
  return upgraded;
}
