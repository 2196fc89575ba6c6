/// The page's script: sorting, filtering, the drill-down's keyboard and backdrop handling, and the theme button.
/// It only enhances: every table and drill-down reads the same without it. It reads no data but the page's own DOM.
enum ReportScript {
    static let javaScript = #"""
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  document.querySelectorAll(".js-only").forEach(function (element) { element.hidden = false; });

  // Colour scheme: the system's by default; the button cycles auto, light, dark and remembers the choice.
  var themes = ["auto", "light", "dark"];
  var toggle = document.getElementById("theme-toggle");
  function applyTheme(theme) {
    if (theme === "auto") { root.removeAttribute("data-theme"); } else { root.setAttribute("data-theme", theme); }
    toggle.textContent = "Theme: " + theme;
  }
  var stored = null;
  try { stored = window.localStorage.getItem("mojify-report-theme"); } catch (error) { stored = null; }
  applyTheme(themes.indexOf(stored) >= 0 ? stored : "auto");
  toggle.addEventListener("click", function () {
    var current = root.getAttribute("data-theme") || "auto";
    var next = themes[(themes.indexOf(current) + 1) % themes.length];
    applyTheme(next);
    try { window.localStorage.setItem("mojify-report-theme", next); } catch (error) { /* file:// may forbid storage */ }
  });

  // Sorting: click a column heading; numbers sort by their data-v value when present, text by its content.
  function cellKey(row, index, numeric) {
    var cell = row.cells[index];
    var value = cell.hasAttribute("data-v") ? cell.getAttribute("data-v") : cell.textContent;
    if (numeric) { var number = parseFloat(value); return isNaN(number) ? -Infinity : number; }
    return value.toLowerCase();
  }
  function sortTable(table, index, descending) {
    var heading = table.tHead.rows[0].cells[index];
    var type = heading.getAttribute("data-type");
    var numeric = type === "num" || type === "status";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, position) {
      return { row: row, key: cellKey(row, index, numeric), position: position };
    });
    rows.sort(function (a, b) {
      if (a.key < b.key) { return descending ? 1 : -1; }
      if (a.key > b.key) { return descending ? -1 : 1; }
      return a.position - b.position;
    });
    var fragment = document.createDocumentFragment();
    rows.forEach(function (entry) { fragment.appendChild(entry.row); });
    body.appendChild(fragment);
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
    heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (heading, index) {
      if (heading.classList.contains("nosort")) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (heading.firstChild) { button.appendChild(heading.firstChild); }
      heading.appendChild(button);
      button.addEventListener("click", function () {
        sortTable(table, index, heading.getAttribute("aria-sort") === "ascending");
      });
    });
  });

  // Filtering: a row stays when its text contains the filter text and its status matches the status menu.
  function applyFilters(tableId) {
    var table = document.getElementById(tableId);
    var search = document.querySelector("input.filter[data-table='" + tableId + "']");
    var status = document.querySelector("select.status-filter[data-table='" + tableId + "']");
    var text = search ? search.value.trim().toLowerCase() : "";
    var wanted = status ? status.value : "";
    var shown = 0;
    var rows = table.tBodies[0].rows;
    for (var index = 0; index < rows.length; index++) {
      var row = rows[index];
      if (row.mojifyText === undefined) { row.mojifyText = row.textContent.toLowerCase(); }
      var visible = row.mojifyText.indexOf(text) >= 0 && (wanted === "" || row.getAttribute("data-status") === wanted);
      row.hidden = !visible;
      if (visible) { shown++; }
    }
    var counter = table.closest("section").querySelector(".shown");
    counter.textContent = shown === rows.length ? rows.length + " rows" : shown + " of " + rows.length + " rows";
  }
  document.querySelectorAll("table.sortable").forEach(function (table) { applyFilters(table.id); });
  document.querySelectorAll("input.filter, select.status-filter").forEach(function (control) {
    control.addEventListener(control.tagName === "SELECT" ? "change" : "input", function () {
      applyFilters(control.getAttribute("data-table"));
    });
  });

  // Drill-down: the fragment names the open message; Escape, the close button and the backdrop close it.
  var opened = null;
  var returnFocus = null;
  function detailFor(hash) {
    if (hash.indexOf("#m-") !== 0) { return null; }
    var element = document.getElementById(decodeURIComponent(hash.slice(1)));
    return element && element.classList.contains("detail") ? element : null;
  }
  function openFromHash() {
    var detail = detailFor(window.location.hash);
    if (opened && opened !== detail) { opened.classList.remove("open"); }
    opened = detail;
    if (detail) {
      detail.classList.add("open");
      var panel = detail.querySelector(".panel");
      panel.setAttribute("tabindex", "-1");
      panel.focus({ preventScroll: true });
    }
  }
  function closeDetail() {
    if (!opened) { return; }
    opened.classList.remove("open");
    opened = null;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    if (returnFocus) { returnFocus.focus({ preventScroll: true }); }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#m-']") : null;
    if (link) { returnFocus = link; }
    if (event.target.closest && event.target.closest(".detail .close")) { event.preventDefault(); closeDetail(); return; }
    if (event.target.classList && event.target.classList.contains("detail")) { closeDetail(); }
  });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") { closeDetail(); } });
  window.addEventListener("hashchange", openFromHash);
  openFromHash();
}());
"""#
}
