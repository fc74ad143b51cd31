// Which versions of an exercise's code reached this browser through sync, from another device,
// so that the page says "your other device" for those and "another tab" for the rest, even after
// a reload. Kept in this browser alone, under one key, as { [lesson]: { [exercise]: [edited, …] } }
// (a version of the code is named by its `edited` time), and only while the progress holds them.
import { FROM_OTHER_DEVICES_KEY as KEY } from "./storage-keys.js";

function codeVersions(doc, exerciseId) {
  const exercise = doc?.exercises?.[exerciseId] || {};
  return [...(typeof exercise.code === "string" ? [exercise.edited] : []), ...(exercise.drafts || []).map((d) => d.edited)];
}

function readNoted() {
  try {
    const noted = JSON.parse(localStorage.getItem(KEY));
    return noted && typeof noted === "object" ? noted : {};
  } catch {
    return {};
  }
}

/** After a sync: note the versions of `merged` that `local` (this browser's copy before) lacked. */
export function noteVersionsFromOtherDevices(lessonId, local, merged) {
  const noted = readNoted();
  const lesson = {};
  for (const exerciseId of Object.keys(merged.exercises)) {
    const before = new Set(codeVersions(local, exerciseId));
    const earlier = new Set(noted[lessonId]?.[exerciseId] || []);
    const arrived = codeVersions(merged, exerciseId).filter((edited) => earlier.has(edited) || !before.has(edited));
    if (arrived.length) lesson[exerciseId] = arrived;
  }
  if (Object.keys(lesson).length) noted[lessonId] = lesson;
  else delete noted[lessonId];
  try { localStorage.setItem(KEY, JSON.stringify(noted)); } catch { /* storage full: the page says "another tab" */ }
}

/** Whether that version of the exercise's code came through sync from another device. */
export function cameFromOtherDevice(lessonId, exerciseId, edited) {
  return (readNoted()[lessonId]?.[exerciseId] || []).includes(edited);
}
