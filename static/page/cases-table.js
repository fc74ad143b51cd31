// The cases a Check ran, as a table with real headers for screen readers. On a narrow screen
// each row becomes a card of "label value" lines (style.css), so every column shows without
// sideways scrolling; the labels drawn in each cell are hidden from screen readers, which
// already announce the column header. The roles are spelled out because browsers drop a
// table's meaning once CSS displays its parts as blocks.

export function renderCasesTable({ caption, columns, rows }) {
  const table = withRole(document.createElement("table"), "table");
  table.className = "cases";
  table.createCaption().textContent = caption;
  const allColumns = [...columns, { key: "result", label: "Result" }];
  withRole(table.createTHead(), "rowgroup");
  const head = withRole(table.tHead.insertRow(), "row");
  for (const column of allColumns) {
    const th = withRole(document.createElement("th"), "columnheader");
    th.scope = "col";
    th.textContent = column.label;
    head.append(th);
  }
  const body = withRole(table.createTBody(), "rowgroup");
  for (const row of rows) {
    const tr = withRole(body.insertRow(), "row");
    tr.className = row.passed ? "case passed" : "case failed";
    const cells = { ...row.cells, result: row.passed ? "✓ right" : "✗ differs" };
    for (const column of allColumns) tr.append(labelledCell(column.label, cells[column.key] ?? ""));
  }
  return table;
}

function labelledCell(label, text) {
  const cell = withRole(document.createElement("td"), "cell");
  const shownLabel = document.createElement("span");
  shownLabel.className = "case-label";
  shownLabel.setAttribute("aria-hidden", "true");
  shownLabel.textContent = label;
  const value = document.createElement("span");
  value.className = "case-value";
  value.textContent = String(text);
  cell.append(shownLabel, value);
  return cell;
}

function withRole(element, role) {
  element.setAttribute("role", role);
  return element;
}
