// The page's one check of a progress document's shape: the schema the sync service checks too
// (sync/progress_document.schema.json), read here by a small validator of the few JSON Schema keywords
// that schema uses, rather than a general library that would weigh more than the study pages' whole
// script. tests/test_progress_document.py runs it (in Node) and the service's jsonschema on one table of
// documents, and requires the same answers; it also checks that the schema uses only KEYWORDS.
import schema from "../../sync/progress_document.schema.json" with { type: "json" };
import { documentKind, documentName } from "./storage-keys.js";

const ID_FIELD = { lesson: "lesson", card: "concept", test: "test" };
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

const TYPES = {
  object: isObject,
  array: Array.isArray,
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: Number.isInteger,
  boolean: (value) => typeof value === "boolean",
  null: (value) => value === null,
};

// Each keyword: its check, calling fail(keyword, extra) on a failure and check(value, subschema, path) to descend.
export const KEYWORDS = {
  type: (types, value, fail) => [types].flat().some((type) => TYPES[type](value)) || fail(),
  const: (expected, value, fail) => value === expected || fail(),
  minimum: (least, value, fail) => typeof value !== "number" || value >= least || fail(),
  exclusiveMaximum: (most, value, fail) => typeof value !== "number" || value < most || fail(),
  maxLength: (most, value, fail) => typeof value !== "string" || [...value].length <= most || fail(),
  maxItems: (most, value, fail) => !Array.isArray(value) || value.length <= most || fail(),
  required: (fields, value, fail) => {
    const missing = isObject(value) && fields.find((field) => !Object.hasOwn(value, field));
    if (missing) fail({ missing });
  },
  properties: (properties, value, fail, check, path) => {
    if (!isObject(value)) return;
    for (const [name, subschema] of Object.entries(properties)) if (Object.hasOwn(value, name)) check(value[name], subschema, [...path, name]);
  },
  additionalProperties: (subschema, value, fail, check, path, parent) => {
    if (!isObject(value)) return;
    for (const name of Object.keys(value)) if (!Object.hasOwn(parent.properties || {}, name)) check(value[name], subschema, [...path, name]);
  },
  propertyNames: (subschema, value, fail, check, path) => {
    if (isObject(value)) for (const name of Object.keys(value)) check(name, subschema, path);
  },
  items: (subschema, value, fail, check, path) => {
    if (Array.isArray(value)) value.forEach((item, index) => check(item, subschema, [...path, index]));
  },
};
const ANNOTATIONS = new Set(["about", "problem"]);

function failures(doc, root) {
  const found = [];
  const check = (value, subschema, path) => {
    for (const [keyword, argument] of Object.entries(subschema)) {
      if (ANNOTATIONS.has(keyword)) continue;
      const fail = (extra = {}) => found.push({ keyword, subschema, path, value, ...extra });
      KEYWORDS[keyword](argument, value, fail, check, path, subschema);
    }
  };
  check(doc, root, []);
  return found;
}

// The schema's own sentence for the failed keyword, its {placeholders} filled in as the service fills them.
function problemText({ keyword, subschema, path, value, missing = "" }) {
  const problem = typeof subschema.problem === "string" ? subschema.problem : subschema.problem[keyword];
  const shown = typeof value === "string" ? `'${value}'` : JSON.stringify(value);
  return problem.replace(/\{(\w+)\}/g, (_, name) => (name === "value" ? shown : name === "missing" ? missing : String(path[Number(name)])));
}

const byDepthThenPath = (a, b) => a.path.length - b.path.length || compareTexts(a.path.map(String), b.path.map(String));

function compareTexts(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** What is wrong with the document kept under this id (a lesson's, a card's or a test's), or null. */
export function documentProblem(id, doc) {
  const kind = documentKind(id);
  const kindSchema = schema.$defs[kind];
  const idField = ID_FIELD[kind];
  // The document must name itself as it is kept: its id field is held to that name.
  const root = { ...kindSchema, properties: { ...kindSchema.properties, [idField]: { ...kindSchema.properties[idField], const: documentName(id) } } };
  const found = failures(doc, root);
  return found.length ? problemText(found.sort(byDepthThenPath)[0]) : null;
}
