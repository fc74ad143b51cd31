// Every key the site keeps in this browser's storage, built here and nowhere else, so that a new
// kind of saved thing cannot collide with an old one or be missed by the sync.
//
//   gradlab:progress:<document id>              a progress document: synced (sync-documents.js)
//       a lesson's                 <lesson id>             "8.6"
//       a concept card's answers   concept:<slug>
//       a module test's record     module-test:<module>
//   gradlab:progress:<document id>:set-aside:<time>   unreadable data kept, never synced or read again
//   gradlab:progress:<lesson id>:tab:<tab id>   one tab's own copy of a lesson's progress, which no other
//                                                tab writes (progress.js): never synced
//   gradlab:device                              this browser's id among the learner's devices
//   gradlab:sync:account, gradlab:sync:state, gradlab:sync:clock-offset, gradlab:sync:from-other-devices
//   gradlab-training                            (IndexedDB) the training page's last checkpoint, never synced

const PROGRESS = "gradlab:progress:";
const CARD = "concept:";
const TEST = "module-test:";
const TAB_COPY = ":tab:";

export const DEVICE_KEY = "gradlab:device";
export const SYNC_ACCOUNT_KEY = "gradlab:sync:account";
export const SYNC_STATE_KEY = "gradlab:sync:state";
export const CLOCK_OFFSET_KEY = "gradlab:sync:clock-offset";
export const FROM_OTHER_DEVICES_KEY = "gradlab:sync:from-other-devices";
export const TRAINING_DATABASE = "gradlab-training";

/** The id a concept card's answers are kept and synced under. */
export const cardDocumentId = (slug) => `${CARD}${slug}`;

/** The id a module test's record is kept and synced under. */
export const testDocumentId = (module) => `${TEST}${module}`;

/** What a progress document is, by its id: "card", "test" or "lesson". */
export function documentKind(id) {
  if (id.startsWith(CARD)) return "card";
  if (id.startsWith(TEST)) return "test";
  return "lesson";
}

/** The name a progress document gives itself (its lesson, concept or test field): its id less the kind's prefix. */
export function documentName(id) {
  const kind = documentKind(id);
  return kind === "card" ? id.slice(CARD.length) : kind === "test" ? id.slice(TEST.length) : id;
}

/** How a sentence names a progress document: "lesson '8.6'", "concept card 'chain-rule'", "module test 7". */
export function documentLabel(id) {
  const kind = documentKind(id);
  const name = documentName(id);
  return kind === "card" ? `concept card '${name}'` : kind === "test" ? `module test ${name}` : `lesson '${name}'`;
}

/** The storage key of a progress document (a lesson's, a card's or a test's, by its id). */
export const progressKey = (documentId) => `${PROGRESS}${documentId}`;

/** Whether a key, as a storage event names it, may hold a progress document (null: storage was cleared);
 * a tab's own copy of a lesson's is not one: that tab saves the document itself too. */
export const mayHoldProgress = (key) => key === null || (key.startsWith(PROGRESS) && !key.includes(TAB_COPY));

// A document id as the sync service accepts it (sync/progress.py): set-aside keys never match.
const SYNCED_ID = /^(?:concept:|module-test:)?[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The document id a storage key holds, if it is a synced progress document's key; else null. */
export function documentIdOf(key) {
  if (!key?.startsWith(PROGRESS)) return null;
  const id = key.slice(PROGRESS.length);
  return SYNCED_ID.test(id) ? id : null;
}

/** Where one tab keeps its own copy of the progress kept under key (tabCopyPrefix(key) + its id). */
export const tabCopyPrefix = (key) => `${key}${TAB_COPY}`;

/** Where unreadable data found under key is kept, rather than overwritten. */
export const setAsideKey = (key, time) => `${key}:set-aside:${time}`;
